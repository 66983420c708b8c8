import { type AnyEventObject, assign, type MachineContext } from 'xstate'
import { ApiError } from '../../openapi/client'

// The one place where a refused call becomes what a person reads. The server words its refusals
// for people ('Sold out', 'An application for this e-mail is already waiting.') and those pass
// through as they are. A request that broke the contract is different: the forms check every
// answer by the same rules first, so it should never be sent, and if one is, its message is the
// contract's ('booking › Phone must NOT have fewer than 5 characters.'). The person reads instead
// which answer to check, named as the form names it.

/** Contract names that do not read well as they are, in the forms' words. */
const FIELD_WORDS: Record<string, string> = {
  Email: 'e-mail address',
  'Email Address': 'e-mail address',
  email: 'e-mail address',
  creatorEmail: 'e-mail address',
  Phone: 'phone number',
  phone: 'phone number',
  phoneNumber: 'phone number',
  Visitors: 'number of extra guests',
  'Names of Visitors': "extra guests' names",
  'Time slot': 'time',
}

/** A contract field's path ('booking.Phone', 'application.First Name') in a person's words. */
export function fieldWords(field: string): string {
  const names = field.split('.').filter((name) => !/^\d+$/.test(name))
  const last = names.at(-1) ?? ''
  return (
    FIELD_WORDS[last] ??
    (last
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .trim() ||
      'details')
  )
}

/**
 * What a person reads of a refused call: the server's own sentence, or, where the request broke
 * the contract, which answer to check.
 */
export function refusalWords(error: ApiError): string {
  if (error.field) return `Please check the ${fieldWords(error.field)} and try again.`
  return error.message
}

/** A refused call's words, or null for a failure that is no refusal (a crash, the network). */
export const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError ? refusalWords(error) : null

/**
 * The `keepRefusal` action of a flow that shows why the server refused (its context's `refusal`),
 * given the failed call's error as params. Typed by the flow's context where setup() names it.
 */
export const keepRefusal = <TContext extends MachineContext & { refusal: string | null }>() =>
  // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
  assign<TContext, AnyEventObject, { error: unknown }, any, any>(
    (_, params) => ({ refusal: refusalOf(params.error) }) as Partial<TContext>,
  )
