import { ApiError } from '../../openapi/client'
import { errorParams } from './booking'

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
