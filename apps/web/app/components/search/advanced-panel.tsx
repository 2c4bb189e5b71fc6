import type { ReactNode } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { LABELS } from '@agency/domain'
import type { SearchPanelTheme } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import { useReturnFocus } from '#app/components/ui/return-focus.ts'

interface AdvancedPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  theme: SearchPanelTheme
  /** The search form's id: the panel is rendered outside the form, and its Search button sends it. */
  formId: string
  children: ReactNode
}

/**
 * SPEC §2 advanced search panel as a modal dialog: focus stays inside, Escape and the close button
 * close it, and the page behind does not scroll. A fixed mega-menu under the top of the window on
 * wide screens, a full-screen sheet on a phone; the theme comes from company setting 104. Closed, it
 * gives focus back to the Filters button that opened it.
 */
export default function AdvancedPanel({ open, onOpenChange, theme, formId, children }: AdvancedPanelProps) {
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className={`search-panel search-panel--dialog search-theme--${theme}`}>
          <div className="search-panel__header">
            <Dialog.Title className="search-panel__title">{COPY.FILTERS}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label={COPY.CLOSE}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="visually-hidden">{COPY.FILTERS_DESCRIPTION}</Dialog.Description>
          <div className="search-panel__body">{children}</div>
          <div className="search-panel__footer">
            <button type="submit" form={formId} className="button button--large search-panel__search">
              {LABELS.SEARCH}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
