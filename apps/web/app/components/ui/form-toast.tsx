import { useEffect, useState } from 'react'
import { Toaster, toast } from 'sonner'

/**
 * A form's toasts: one at a time. Each form's messages share one toast id, so the next message takes
 * the place of the last, however often the form is sent with the same mistake, instead of piling up
 * over the form. One pattern for every form of the site.
 */
export interface FormToast {
  /** SPEC §8: a warning toast, in the place of the form's last one. */
  warn: (message: string) => void
  /** A success toast, in the place of the form's last one. */
  success: (message: string) => void
  /** Takes the form's toast away (a warning about an earlier attempt must not hang over the next step). */
  dismiss: () => void
}

/**
 * The toasts of the form whose toasts' ids start with `name`. A message while the form's toast is on
 * screen takes its place (the same id); once that toast has closed or begun to close (its six seconds
 * are up, or it was swiped or closed), the next message gets a toast of its own, with the next id. sonner
 * merges a message given the id of a toast that is on its way out into that toast, and the message
 * went with it: a person who pressed Send again as the last warning faded saw no warning at all.
 */
function toFormToast(name: string): FormToast {
  let count = 0
  let showing = false
  const currentId = () => `${name}-${count}`
  const closed = (closing: { id: string | number }) => {
    if (closing.id === currentId()) showing = false
  }
  const show = (kind: 'warning' | 'success', message: string) => {
    if (!showing) count += 1
    showing = true
    toast[kind](message, { id: currentId(), onAutoClose: closed, onDismiss: closed })
  }
  return {
    warn: (message) => show('warning', message),
    success: (message) => show('success', message),
    dismiss: () => {
      showing = false
      toast.dismiss(currentId())
    },
  }
}

/** Each form's toast, by form. */
export const FORM_TOASTS = {
  /** The login form's e-mail warnings. */
  login: toFormToast('login-warning'),
  /** The alert register and update screen's warnings. */
  alert: toFormToast('alert-warning'),
  /** The alert cards' on/off switches: 'Alert has been updated', or why not. */
  alertStatus: toFormToast('alert-status'),
  /** The enquiry and valuation forms' warnings. */
  lead: toFormToast('lead-warning'),
} as const satisfies Record<string, FormToast>

/** The room sonner leaves between its toasts and the window's edge, in pixels (its phone default). */
const TOAST_GAP_PX = 16

/**
 * Where a page's toasts show: at the top, each for six seconds, below the site's header (its height
 * taken as drawn, on a phone and on a desktop alike), so that a warning never covers its links.
 */
export function FormToaster() {
  const [headerHeight, setHeaderHeight] = useState(0)
  useEffect(() => {
    const header = document.querySelector('.site-header')
    if (!header) return
    const measure = () => setHeaderHeight(Math.ceil(header.getBoundingClientRect().height))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(header)
    return () => observer.disconnect()
  }, [])
  const offset = { top: headerHeight + TOAST_GAP_PX }
  return <Toaster position="top-center" offset={offset} mobileOffset={offset} toastOptions={{ duration: 6000 }} />
}
