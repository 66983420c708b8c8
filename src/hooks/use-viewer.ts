import { useSelector } from '@xstate/react'
import { viewer } from '../api'
import { useHydrated } from '../initial-data'

/**
 * Whether a user id is stored, and whether the profile makes them an active member. Storage is
 * the browser's: the server's HTML and the hydration see a visitor, the next render the viewer.
 */
export function useViewer() {
  const hydrated = useHydrated()
  const signedIn = useSelector(viewer, (s) => s.context.signedIn)
  const isMember = useSelector(viewer, (s) => s.matches('member'))
  return { signedIn: hydrated && signedIn, isMember: hydrated && isMember }
}
