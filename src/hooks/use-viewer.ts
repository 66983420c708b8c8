import { useSelector } from '@xstate/react'
import { viewer } from '../api'

/** Whether a user id is stored, and whether the profile makes them an active member. */
export function useViewer() {
  const signedIn = useSelector(viewer, (s) => s.context.signedIn)
  const isMember = useSelector(viewer, (s) => s.matches('member'))
  return { signedIn, isMember }
}
