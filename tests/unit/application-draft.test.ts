import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { type ApplicationRequest, applicationMachine } from '../../machines/application.machine'
import type { Applicant } from '../../machines/rules/application'

// The application keeps what is typed as a draft until it is sent: what the view's storage is
// told, and what a restored draft does to the form.

function start() {
  const saved: Partial<Applicant>[] = []
  let cleared = 0
  let send: (() => void) | null = null
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        submitApplication: fromPromise<void, ApplicationRequest>(
          () => new Promise<void>((resolve) => (send = resolve)),
        ),
      },
      actions: {
        saveDraft: (_, { applicant }) => saved.push(applicant),
        clearDraft: () => cleared++,
      },
    }),
    { input: { name: null, code: null, today: '2026-11-24' } },
  ).start()
  return { actor, saved, cleared: () => cleared, sent: () => send?.() }
}

describe('the application’s draft', () => {
  it('keeps every answer as it is typed, with the ones before it', () => {
    const { actor, saved } = start()
    actor.send({ type: 'field.changed', field: 'firstName', value: 'Ada' })
    actor.send({ type: 'field.changed', field: 'lastName', value: 'Okafor' })
    expect(saved).toHaveLength(2)
    expect(saved[1]).toMatchObject({ firstName: 'Ada', lastName: 'Okafor' })
  })

  it('fills the form in again from a restored draft, on the first step, with nothing typed lost', () => {
    const { actor } = start()
    actor.send({ type: 'field.changed', field: 'firstName', value: 'Ada' })
    actor.send({
      type: 'draft.restored',
      applicant: { lastName: 'Okafor', dateOfBirth: '1990-04-12', email: 'ada@example.com' },
    })
    const { value, context } = actor.getSnapshot()
    expect(value).toEqual({ editing: 'profile' })
    expect(context.applicant).toMatchObject({
      firstName: 'Ada',
      lastName: 'Okafor',
      dateOfBirth: '1990-04-12',
      email: 'ada@example.com',
      address: '',
    })
    // Step 1 is complete: Next works at once.
    expect(actor.getSnapshot().can({ type: 'step.next' })).toBe(true)
  })

  it('is forgotten once the application is sent, not before', async () => {
    const { actor, cleared, sent } = start()
    actor.send({
      type: 'draft.restored',
      applicant: { firstName: 'Ada', lastName: 'Okafor', dateOfBirth: '1990-04-12' },
    })
    actor.send({ type: 'step.next' })
    actor.send({ type: 'step.next' })
    actor.send({ type: 'field.changed', field: 'email', value: 'ada@example.com' })
    actor.send({ type: 'form.submitted' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(cleared()).toBe(0)
    sent()
    await new Promise((resolve) => setTimeout(resolve))
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(cleared()).toBe(1)
  })
})
