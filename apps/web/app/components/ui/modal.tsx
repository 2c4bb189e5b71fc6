import * as Dialog from '@radix-ui/react-dialog'
import { POPUP_DEFAULT_WIDTH_PX } from '@agency/domain'
import type { CSSProperties, ReactNode } from 'react'
import { COPY } from '#app/copy.ts'
import { useReturnFocus } from '#app/components/ui/return-focus.ts'

/** What every dialog of the site takes. */
export interface ModalProps {
  /** Whether it is shown; the caller owns the state. */
  open: boolean
  /** Called with false on Escape, a click outside and the close button. */
  onOpenChange: (open: boolean) => void
  /** The dialog's name: shown as its heading and read out when it opens. */
  title: ReactNode
  /** Keeps the title for screen readers only (a picture's lightbox, a popup whose body says it all). */
  hideTitle?: boolean
  /** A sentence under the title, read out after it. */
  description?: ReactNode
  /** SPEC §2/§9: 750px unless a dialog needs another width; never wider than the screen. */
  width?: number
  /** The close button's accessible name. */
  closeLabel?: string
  /** Extra class on the dialog box, for a dialog's own layout. */
  className?: string
  /** Where focus goes on closing when what opened it has gone (useReturnFocus's fallback). */
  returnFocusTo?: () => HTMLElement | null
  children?: ReactNode
}

/**
 * SPEC §2 generic modal popup, the one every dialog of the site is built on (Radix Dialog): it traps
 * focus, closes on Escape and on a click outside, gives focus back to what opened it, and locks the
 * page's scroll while open. It has a title and a visible close button with an accessible name.
 *
 * ```tsx
 * <Modal open={open} onOpenChange={setOpen} title="Arrange a viewing">…</Modal>
 * ```
 *
 * Load the dialog's module only when it is first opened (`React.lazy`), as the search panel does:
 * Radix stays out of a page's first load.
 */
export function Modal({ open, onOpenChange, title, hideTitle = false, description, width = POPUP_DEFAULT_WIDTH_PX, closeLabel = COPY.CLOSE, className, returnFocusTo, children }: ModalProps) {
  const returnFocus = useReturnFocus(returnFocusTo)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          {...returnFocus}
          className={className ? `ui-modal ${className}` : 'ui-modal'}
          style={{ '--ui-modal-width': `${width}px` } as CSSProperties}
          // Radix wants a description or an explicit none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-modal__header">
            <Dialog.Title className={hideTitle ? 'visually-hidden' : 'ui-modal__title'}>{title}</Dialog.Title>
            <Dialog.Close className="ui-close" aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>}
          <div className="ui-modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
