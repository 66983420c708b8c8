import { createRoot } from 'react-dom/client'
import { createActor } from 'xstate'
import { appUpdateMachine } from '../../machines/app-update/machine'
import { UpdateNotice } from './update-notice'

/**
 * Registers the service worker (src/service-worker/sw.ts) once the first screen is the app's, and
 * offers a new version of the app when one is waiting. Loaded after the page is interactive: none
 * of it is on the first load's way.
 */
export async function watchForUpdates(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // Refused where the browser keeps no workers (some private windows): the app works on without.
  const registration = await navigator.serviceWorker.register('/sw.js').catch(() => null)
  if (!registration) return
  const actor = createActor(
    appUpdateMachine.provide({
      actions: {
        activateUpdate: () => registration.waiting?.postMessage({ type: 'SKIP_WAITING' }),
        reload: () => window.location.reload(),
      },
    }),
  ).start()
  // A first install takes over a page it can leave as it is: only a worker replacing another is news.
  const replacing = navigator.serviceWorker.controller !== null
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (replacing) actor.send({ type: 'update.activated' })
  })
  const offerIfWaiting = () => {
    if (registration.waiting && navigator.serviceWorker.controller) {
      actor.send({ type: 'update.found' })
    }
  }
  const offerOnceInstalled = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerIfWaiting()
    })
  offerIfWaiting()
  // One may be installing already (found before this page was watching), or found later.
  offerOnceInstalled(registration.installing)
  registration.addEventListener('updatefound', () => offerOnceInstalled(registration.installing))
  // A tab left open for days looks for a new version when it is looked at again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => {})
  })
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(<UpdateNotice actorRef={actor} />)
}
