import { emailError } from '../rules/email'

/** What the e-mail field says under itself: null while empty or an address. */
export const emailErrorOf = (context: { email: string }) => emailError(context.email)
