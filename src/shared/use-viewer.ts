import { useSelector } from '@xstate/react'
import { viewer } from '../api'
import { useHydrated } from '../initial-data'

/**
 * Whether a user id is stored, and whether the profile makes them an active member. Storage is
 * the browser's: the server's HTML and the hydration see a visitor, the next render the viewer
 * (the viewer is made then, not while the page's modules run). `known` is false until then, and
 * while a stored login's profile is on its way: what is shown meanwhile is a visitor's.
 */
export function useViewer() {
  const hydrated = useHydrated()
  const actor = hydrated ? viewer : undefined
  const signedIn = useSelector(actor, (s) => s?.context.signedIn ?? false)
  const isMember = useSelector(actor, (s) => s?.matches('member') ?? false)
  const known = useSelector(actor, (s) => (s ? !s.hasTag('busy') : false))
  return { signedIn, isMember, known }
}
