import * as Dialog from '@radix-ui/react-dialog'
import { useEffect } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { COPY } from '#app/copy.ts'
import { lightboxes } from '#app/components/ui/lightbox-state.ts'
import { useReturnFocus } from '#app/components/ui/return-focus.ts'

/** What a lightbox takes. */
export interface LightboxProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The dialog's name ('Photos of …', 'Floor Plan 2'); read out, shown only to screen readers. */
  title: string
  /** Keys the content handles itself (the gallery's arrows); Escape is the dialog's. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
  /** Shown at the top beside the close button (a counter, a download link). */
  toolbar?: ReactNode
  closeLabel?: string
  children: ReactNode
}

/**
 * A full-screen dialog on the same primitive as `Modal` (focus trap, Escape, focus restored, page
 * scroll locked), dark behind a picture. While open it is recorded in `lightboxes`, so nothing else
 * opens a second lightbox over it (SPEC §4). Import it only from a lazily loaded module.
 */
export function Lightbox({ open, onOpenChange, title, onKeyDown, toolbar, closeLabel = COPY.CLOSE, children }: LightboxProps) {
  useEffect(() => (open ? lightboxes.opened() : undefined), [open])
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay ui-overlay--lightbox" />
        <Dialog.Content {...returnFocus} className="ui-lightbox" aria-describedby={undefined} onKeyDown={onKeyDown}>
          <Dialog.Title className="visually-hidden">{title}</Dialog.Title>
          <div className="ui-lightbox__toolbar">
            <div className="ui-lightbox__tools">{toolbar}</div>
            <Dialog.Close className="ui-close ui-close--light" aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className="ui-lightbox__stage">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
