import { type AnyEventObject, assign, type ErrorActorEvent, type MachineContext } from 'xstate'
import { isValidEmail } from '../rules/email'
import { logCallError } from './booking'

// The one-field e-mail forms (the login link, the mailing list): the address as typed, sent
// trimmed once it is a valid one, a failure said in the flow's words. The pieces name the flow's
// `hasValidEmail` guard (spread `emailGuards` into its setup) and its `logError` stub; they are
// typed by the flow's context where they stand in its config.

interface EmailForm extends MachineContext {
  email: string
  error: string | null
}

/** The guard of sending: the address, trimmed, is a valid one. */
export const emailGuards = {
  hasValidEmail: ({ context }: { context: Pick<EmailForm, 'email'> }) =>
    isValidEmail(context.email.trim()),
}

/** 'form.submitted' in the form: with a valid address, on to `sending`, the last failure gone. */
export const emailSubmitted = <TContext extends EmailForm>() => ({
  guard: 'hasValidEmail' as const,
  target: 'sending' as const,
  // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
  actions: assign<TContext, AnyEventObject, undefined, any, any>(
    () => ({ error: null }) as Partial<TContext>,
  ),
})

/**
 * The `sending` state: the call `src` with the trimmed address (its id the same), tagged `busy`;
 * `onDone` is the flow's; a failure goes back to `editing` with `failure`'s words, logged.
 */
export const emailSending = <TContext extends EmailForm, const TSrc extends string, const TDone>(
  src: TSrc,
  { onDone, failure }: { onDone: TDone; failure: (error: unknown) => string },
) => ({
  tags: ['busy'] as const,
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: TContext }) => ({ email: context.email.trim() }),
    onDone,
    onError: {
      target: 'editing' as const,
      actions: [
        // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
        assign<TContext, ErrorActorEvent, undefined, any, any>(
          ({ event }) => ({ error: failure(event.error) }) as Partial<TContext>,
        ),
        logCallError,
      ],
    },
  },
})
