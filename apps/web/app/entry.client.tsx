import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { HYDRATING_FLAG } from '#app/lib/hydration-flag.ts'

// React Router's own entry, and one mark before it: from here React hears the page's clicks and
// replays those it meets while hydrating, so the boot script (lib/boot-script.ts) stops
// keeping the ones it would press again.
Object.assign(window, { [HYDRATING_FLAG]: true })

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
