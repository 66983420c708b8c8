import { fromPromise } from 'xstate'
import { type Api, expectData } from '../../openapi/client'
import type { VerifiedLogin } from './machine'

/** Spends a magic-link token for a session. */
export async function spendMagicLink(api: Api, token: string): Promise<VerifiedLogin> {
  const body = await expectData(
    api.GET('/accounts/verify-magic-link', { params: { query: { token } } }),
  )
  return { token: body.token, user: body.user }
}

/**
 * A token can be spent once: a second actor for the same token (a remount of the page, React's
 * development double effects) waits for the first call instead of spending it again, and the
 * call is never aborted halfway, since a spent token cannot be asked again.
 */
export const verifyActors = (api: Api) => {
  const spending = new Map<string, Promise<VerifiedLogin>>()
  return {
    verifyMagicLink: fromPromise<VerifiedLogin, { token: string }>(({ input }) => {
      let call = spending.get(input.token)
      if (!call) {
        call = spendMagicLink(api, input.token)
        spending.set(input.token, call)
      }
      return call
    }),
  }
}
