import * as Dialog from '@radix-ui/react-dialog'
import { MESSAGES } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import { Modal } from '#app/components/ui/modal.tsx'

/** What the success popup takes. */
export interface SuccessPopupProps {
  open: boolean
  /**
   * Called when the visitor closes it (OK, the close button, Escape or a click outside). SPEC §4: after
   * an alert is saved, closing it goes to /properties; the caller decides where to go.
   */
  onClose: () => void
  /** SPEC §2: 'Your request has been sent successfully' unless a flow words its own. */
  message?: string
  /** What happens next, under SPEC's message. */
  detail?: string | undefined
  /** Where focus goes on closing when what opened it has gone (the form's send button, say). */
  returnFocusTo?: () => HTMLElement | null
}

/**
 * SPEC §2 success popup: the generic modal with the success message as its title and one button
 * that closes it. Used after an enquiry is sent and after an alert is created or updated.
 */
export function SuccessPopup({ open, onClose, message = MESSAGES.SUCCESS_POPUP_DEFAULT, detail, returnFocusTo }: SuccessPopupProps) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={message} description={detail} className="ui-success" returnFocusTo={returnFocusTo}>
      <p className="ui-success__icon" aria-hidden="true">
        ✓
      </p>
      <div className="ui-modal__actions">
        <Dialog.Close className="button">{COPY.OK}</Dialog.Close>
      </div>
    </Modal>
  )
}
