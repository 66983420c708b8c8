import { emailError } from '../rules/email'
import type { LoginLinkContext } from './machine'

/** What the e-mail field says under itself: null while empty or an address. */
export const emailErrorOf = (context: Pick<LoginLinkContext, 'email'>) => emailError(context.email)
