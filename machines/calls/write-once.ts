import { expectData } from '../../openapi/client'
import { type Attempt, sendOnce } from '../../openapi/send-once'

/**
 * A write that must happen once (a booking, a refund, a decision), as the flows' actors send it:
 * one Idempotency-Key for the intent, sent again only while no answer came (openapi/send-once),
 * and the answer's body, or the ApiError of a refusal. `signal` is the actor's: once the flow has
 * moved on, nothing is sent again.
 */
export const writeOnce = <R extends { data?: unknown; error?: unknown; response: Response }>(
  send: (attempt: Attempt) => Promise<R>,
  signal: AbortSignal,
) => expectData(sendOnce(send, { signal }))
