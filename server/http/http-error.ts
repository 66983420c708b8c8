/** An error a caller can act on: its status is sent as is and its message is shown to people. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** What the caller may need to act on the refusal (the booking it already holds). */
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Login session has expired') => new HttpError(401, message)
export const paymentRequired = (message: string) => new HttpError(402, message)
export const forbidden = (message = 'You may not do this.') => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const notImplemented = (operationId: string) =>
  new HttpError(501, `${operationId} is not available yet.`)
