import { ApiError } from '../../openapi/client'
import { errorParams, logCallError } from './booking'
import { expiredOn401In } from './member'

// The staff screens' calls: the server refuses anyone without the staff role with a 403, and the
// screen then says it is for the hotel's staff (a member who typed /staff, say).

/** The guard of a failed call: the signed-in person is not staff. */
export const forbiddenGuards = {
  isForbidden: (_: unknown, params: { error: unknown }) =>
    params.error instanceof ApiError && params.error.status === 403,
}

/** An invoke's onError branch after the 401's: a 403 goes to the flow's `forbidden` state. */
export const refusedOn403 = {
  guard: { type: 'isForbidden', params: errorParams },
  target: 'forbidden',
} as const

/**
 * A staff write's onError, in a state nested in the flow `machineId`: a 401 or 403 leaves the
 * screen (the flow's `sessionExpired`, `forbidden`); a refusal the person can act on (the guard
 * `refusal`: decided meanwhile, a title taken) keeps the server's words (the action `keep`) and
 * goes to `refused`; anything else is logged and goes to `failed`, to be sent again.
 */
export const writeFailed = <TGuard extends string, TKeep extends string>(
  machineId: string,
  {
    refusal,
    keep,
    refused,
    failed,
  }: { refusal: TGuard; keep: TKeep; refused: string; failed: string },
) =>
  [
    expiredOn401In(machineId),
    { ...refusedOn403, target: `#${machineId}.forbidden` },
    {
      guard: { type: refusal, params: errorParams },
      target: refused,
      actions: { type: keep, params: errorParams },
    },
    { target: failed, actions: logCallError },
  ] as const
