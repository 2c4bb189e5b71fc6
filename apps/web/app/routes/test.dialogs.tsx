import { Suspense, lazy, useState } from 'react'
import { COPY } from '#app/copy.ts'
import { getAgencyName, toTitle } from '#app/lib/meta.ts'
import type { Route } from './+types/test.dialogs'

// The dialogs load when first opened, as on every page that uses them.
const Modal = lazy(() => import('#app/components/ui/modal.tsx').then((m) => ({ default: m.Modal })))
const SuccessPopup = lazy(() => import('#app/components/ui/success-popup.tsx').then((m) => ({ default: m.SuccessPopup })))

const TITLE = 'Dialogs'

/**
 * A page of the shared dialogs (components/ui) for the end-to-end tests and for anyone styling them:
 * the generic modal of SPEC §2 at its default width, and the success popup. Not for search engines.
 */
export default function TestDialogsRoute() {
  const [modalOpen, setModalOpen] = useState(false)
  const [successOpen, setSuccessOpen] = useState(false)
  return (
    <div className="container page">
      <h1>{TITLE}</h1>
      {/* Tall enough to scroll, so the scroll lock can be seen. */}
      <div style={{ display: 'flex', gap: '1rem', minHeight: '150vh', alignItems: 'flex-start' }}>
        <button type="button" className="button" onClick={() => setModalOpen(true)}>
          {COPY.TEST_OPEN_MODAL}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setSuccessOpen(true)}>
          {COPY.TEST_OPEN_SUCCESS}
        </button>
      </div>
      <Suspense fallback={null}>
        {modalOpen && (
          <Modal open onOpenChange={setModalOpen} title={COPY.TEST_MODAL_TITLE} description={COPY.TEST_MODAL_TEXT}>
            <p>{COPY.TEST_MODAL_TEXT}</p>
          </Modal>
        )}
        {successOpen && <SuccessPopup open onClose={() => setSuccessOpen(false)} />}
      </Suspense>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: toTitle(TITLE, getAgencyName(matches)) }, { name: 'robots', content: 'noindex' }]
}
