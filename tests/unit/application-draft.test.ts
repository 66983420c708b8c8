import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise } from 'xstate'
import { applicantFormMachine } from '../../machines/applicant-form/machine'
import { type ApplicationRequest, applicationMachine } from '../../machines/application/machine'
import { communityApplicationMachine } from '../../machines/community-application/machine'
import { type MemberSignupRequest, memberSignupMachine } from '../../machines/member-signup/machine'
import {
  ACCOUNT_EXISTS_MESSAGE,
  type Applicant,
  type CommunityDraft,
} from '../../machines/rules/application'
import { ApiError, type components } from '../../openapi/client'

type CommunityCreate = components['schemas']['CommunityCreate']

// The application keeps what is typed as a draft until it is sent: what the view's storage is
// told, and what a restored draft does to the form. The answers are typed into the flow's
// applicant form (its child `applicantForm`), which keeps the draft.

/** The applicant form the flow runs now. */
const formOf = (actor: { getSnapshot(): { children: object } }) => {
  const form = (actor.getSnapshot().children as { applicantForm?: AnyActorRef }).applicantForm
  if (!form) throw new Error('No applicant form runs')
  return form
}

/** The applicant form with the view's storage. */
const keptBy = (saved: unknown[]) =>
  applicantFormMachine.provide({
    actions: { saveDraft: (_, { applicant }) => saved.push(applicant) },
  })

function start() {
  const saved: Partial<Applicant>[] = []
  let cleared = 0
  let send: (() => void) | null = null
  const actor = createActor(
    applicationMachine.provide({
      actors: {
        applicantForm: keptBy(saved),
        submitApplication: fromPromise<void, ApplicationRequest>(
          () => new Promise<void>((resolve) => (send = resolve)),
        ),
      },
      actions: { clearDraft: () => cleared++ },
    }),
    { input: { name: null, code: null, today: '2026-11-24' } },
  ).start()
  return { actor, saved, cleared: () => cleared, sent: () => send?.() }
}

describe('the application’s draft', () => {
  it('keeps every answer as it is typed, with the ones before it', () => {
    const { actor, saved } = start()
    formOf(actor).send({ type: 'field.changed', field: 'firstName', value: 'Ada' })
    formOf(actor).send({ type: 'field.changed', field: 'lastName', value: 'Okafor' })
    expect(saved).toHaveLength(2)
    expect(saved[1]).toMatchObject({ firstName: 'Ada', lastName: 'Okafor' })
  })

  it('fills the form in again from a restored draft, on the first step, with nothing typed lost', () => {
    const { actor } = start()
    formOf(actor).send({ type: 'field.changed', field: 'firstName', value: 'Ada' })
    formOf(actor).send({
      type: 'draft.restored',
      applicant: { lastName: 'Okafor', dateOfBirth: '1990-04-12', email: 'ada@example.com' },
    })
    expect(actor.getSnapshot().value).toEqual({ editing: 'profile' })
    expect(formOf(actor).getSnapshot().context.applicant).toMatchObject({
      firstName: 'Ada',
      lastName: 'Okafor',
      dateOfBirth: '1990-04-12',
      email: 'ada@example.com',
      address: '',
    })
    // Step 1 is complete: Next works at once.
    expect(formOf(actor).getSnapshot().can({ type: 'form.submitted' })).toBe(true)
  })

  it('is forgotten once the application is sent, not before', async () => {
    const { actor, cleared, sent } = start()
    formOf(actor).send({
      type: 'draft.restored',
      applicant: { firstName: 'Ada', lastName: 'Okafor', dateOfBirth: '1990-04-12' },
    })
    formOf(actor).send({ type: 'form.submitted' })
    formOf(actor).send({ type: 'form.submitted' })
    formOf(actor).send({ type: 'field.changed', field: 'email', value: 'ada@example.com' })
    formOf(actor).send({ type: 'form.submitted' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(cleared()).toBe(0)
    sent()
    await new Promise((resolve) => setTimeout(resolve))
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(cleared()).toBe(1)
  })
})

describe('the community application’s draft', () => {
  function startCommunity(fail: Error | null) {
    const saved: CommunityDraft[] = []
    let cleared = 0
    const actor = createActor(
      communityApplicationMachine.provide({
        actors: {
          createCommunity: fromPromise<void, CommunityCreate>(async () => {
            if (fail) throw fail
          }),
          applicantForm: keptBy([]),
        },
        actions: {
          saveDraft: (_, draft) => saved.push(draft),
          clearDraft: () => cleared++,
        },
      }),
      {
        input: {
          viewer: { signedIn: false, email: null },
          today: '2026-11-24',
          draft: {
            community: {
              name: 'Yaba Zine Club',
              size: '4',
              about: 'A zine a month',
              goals: 'A library',
            },
            applicant: { firstName: 'Funmi', lastName: 'Ade', dateOfBirth: '1990-01-01' },
          },
        },
      },
    ).start()
    return { actor, saved, cleared: () => cleared }
  }

  it('starts from the draft and keeps each new answer with it', () => {
    const { actor, saved } = startCommunity(null)
    expect(actor.getSnapshot().context.community.name).toBe('Yaba Zine Club')
    actor.send({ type: 'field.changed', field: 'registered', value: 'Yes' })
    expect(saved.at(-1)).toMatchObject({
      community: { name: 'Yaba Zine Club', registered: 'Yes' },
      applicant: { firstName: 'Funmi' },
    })
  })

  async function sendAll(actor: ReturnType<typeof startCommunity>['actor']) {
    actor.send({ type: 'field.changed', field: 'registered', value: 'Yes' })
    actor.send({ type: 'step.advanced' })
    formOf(actor).send({ type: 'field.changed', field: 'email', value: 'funmi@example.com' })
    formOf(actor).send({ type: 'form.submitted' })
    await new Promise((resolve) => setTimeout(resolve))
  }

  it('is forgotten once the community is created', async () => {
    const { actor, cleared } = startCommunity(null)
    await sendAll(actor)
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(cleared()).toBe(1)
  })

  it('stays for after the login when the applicant already has an account', async () => {
    const { actor, cleared } = startCommunity(new ApiError(409, ACCOUNT_EXISTS_MESSAGE))
    await sendAll(actor)
    expect(actor.getSnapshot().value).toBe('accountExists')
    expect(cleared()).toBe(0)
  })
})

describe('the member signup’s draft', () => {
  it('fills the form in again, never the invited e-mail, and is forgotten once sent', async () => {
    const saved: Partial<Applicant>[] = []
    let cleared = 0
    const actor = createActor(
      memberSignupMachine.provide({
        actors: {
          signupAsCommunityMember: fromPromise<void, MemberSignupRequest>(async () => {}),
          applicantForm: keptBy(saved),
        },
        actions: { clearDraft: () => cleared++ },
      }),
      {
        input: {
          communityId: 'c-1',
          communityName: 'Lagos Poets',
          email: 'bisi@example.com',
          today: '2026-11-24',
        },
      },
    ).start()
    formOf(actor).send({
      type: 'draft.restored',
      applicant: { firstName: 'Bisi', email: 'someone@else.com' },
    })
    expect(formOf(actor).getSnapshot().context.applicant).toMatchObject({
      firstName: 'Bisi',
      email: 'bisi@example.com',
    })
    formOf(actor).send({ type: 'field.changed', field: 'lastName', value: 'Adeyemi' })
    expect(saved.at(-1)).toMatchObject({ firstName: 'Bisi', lastName: 'Adeyemi' })
    expect(cleared).toBe(0)

    // The rest of the profile, then the send: the draft goes.
    formOf(actor).send({
      type: 'draft.restored',
      applicant: {
        pronouns: 'She/Her',
        dateOfBirth: '1992-07-30',
        occupation: 'Architect',
        companyName: 'Studio Eko',
        nationality: 'Nigerian',
        address: '12 Bourdillon Road, Ikoyi',
        country: 'Nigeria',
        phone: '0803 555 0144',
        socialLink: 'https://instagram.com/bisi',
        emergencyName: 'Tayo Adeyemi',
        relationship: 'Sibling',
        emergencyPhone: '0803 555 0145',
        referrer: 'Zainab',
      },
    })
    formOf(actor).send({ type: 'form.submitted' })
    await new Promise((resolve) => setTimeout(resolve))
    expect(actor.getSnapshot().value).toBe('leaving')
    expect(cleared).toBe(1)
  })
})
