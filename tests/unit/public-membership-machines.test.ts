import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { inviteMachine } from '../../machines/invite/machine'
import { joinMachine } from '../../machines/join/machine'
import { loginLinkMachine } from '../../machines/login-link/machine'
import { subscribeMachine } from '../../machines/subscribe/machine'
import { type LoginUser, verifyMachine } from '../../machines/verify/machine'
import { ApiError } from '../../openapi/client'

/** An actor whose call fails with this error (typed to fit any actor slot). */
const failWith = (error: unknown) =>
  fromPromise(async () => {
    throw error
  }) as never

describe('the login-link request', () => {
  it("keeps 'Send Login Link' off until the e-mail is valid, then sends the trimmed address", async () => {
    const sent = vi.fn(async (_input: unknown) => {})
    const navigateToSent = vi.fn()
    const actor = createActor(
      loginLinkMachine.provide({
        actors: { requestLoginLink: fromPromise(({ input }) => sent(input)) },
        actions: { navigateToSent: (_, params) => navigateToSent(params) },
      }),
      { input: { email: null } },
    ).start()
    actor.send({ type: 'email.changed', value: 'ada@example' })
    expect(actor.getSnapshot().can({ type: 'form.submitted' })).toBe(false)
    actor.send({ type: 'email.changed', value: ' ada@example.com ' })
    actor.send({ type: 'form.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(sent).toHaveBeenCalledWith({ email: 'ada@example.com' })
    expect(navigateToSent).toHaveBeenCalledWith({ email: 'ada@example.com' })
  })

  it('locks an e-mail that came with the address', () => {
    const actor = createActor(loginLinkMachine, { input: { email: 'ada@example.com' } }).start()
    actor.send({ type: 'email.changed', value: 'someone@else.com' })
    expect(actor.getSnapshot().context).toMatchObject({ email: 'ada@example.com', locked: true })
    expect(actor.getSnapshot().can({ type: 'form.submitted' })).toBe(true)
  })

  it.each([
    [new ApiError(404, 'No account has this e-mail address.'), 'Account not found'],
    [
      new ApiError(429, 'Too many login links. Try again in 10 minutes.'),
      'Too many login links. Try again in 10 minutes.',
    ],
    [
      new TypeError('Failed to fetch'),
      'We could not send the login link. Check your connection and try again.',
    ],
  ])('says why a request failed (%s)', async (error, message) => {
    const actor = createActor(
      loginLinkMachine.provide({ actors: { requestLoginLink: failWith(error) } }),
      { input: { email: 'nobody@example.com' } },
    ).start()
    actor.send({ type: 'form.submitted' })
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(message)
  })
})

describe('the magic-link verification', () => {
  const user = (subscriptionStatus: string | null, staff = false): LoginUser => ({
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    name: 'Ada Okafor',
    phoneNumber: '+234 803 555 0101',
    subscriptionStatus,
    staff,
    staffRole: staff ? 'desk' : null,
  })

  it.each([
    ['Active', false, 'navigateToMenu'],
    [null, false, 'navigateToByeLaws'],
    ['Expired', false, 'navigateToByeLaws'],
    [null, true, 'navigateToStaff'],
    ['Active', true, 'navigateToStaff'],
  ])(
    'clears, then stores the login, then goes on (status %s, staff %s)',
    async (status, staff, where) => {
      const calls: string[] = []
      const actor = createActor(
        verifyMachine.provide({
          actors: {
            verifyMagicLink: fromPromise(async ({ input }) => ({
              token: `session-for-${(input as { token: string }).token}`,
              user: user(status, staff),
            })),
          },
          actions: {
            clearStorage: () => calls.push('clearStorage'),
            storeLogin: (_, { token, user }) => calls.push(`storeLogin ${token} ${user.id}`),
            navigateToStaff: () => calls.push('navigateToStaff'),
            navigateToMenu: () => calls.push('navigateToMenu'),
            navigateToByeLaws: () => calls.push('navigateToByeLaws'),
          },
        }),
        { input: { token: 'magic-token-0123456789' } },
      ).start()
      await waitFor(actor, (s) => s.status === 'done')
      expect(calls).toEqual([
        'clearStorage',
        'storeLogin session-for-magic-token-0123456789 00000000-0000-4000-8000-000000000001',
        where,
      ])
    },
  )

  it.each([
    [null, null, 'Invalid Login Token'],
    ['  ', null, 'Invalid Login Token'],
    [
      'spent-token-0123456789',
      new ApiError(401, 'This login link has expired.'),
      'Invalid Login Token',
    ],
    ['bad', new ApiError(400, 'token must match'), 'Invalid Login Token'],
    [
      't-0123456789abcdef',
      new TypeError('Failed to fetch'),
      'An error occurred while verifying the token',
    ],
    [
      't-0123456789abcdef',
      new ApiError(500, 'Internal error'),
      'An error occurred while verifying the token',
    ],
  ])('token %s refused by %s: %s', async (token, error, message) => {
    const store = vi.fn()
    const actor = createActor(
      verifyMachine.provide({
        actors: { verifyMagicLink: failWith(error) },
        actions: { storeLogin: store, clearStorage: store },
      }),
      { input: { token } },
    ).start()
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(message)
    expect(store).not.toHaveBeenCalled()
  })
})

describe('the invite check', () => {
  const check = async (outcome: () => Promise<unknown>, code = 'WELCOME16') => {
    const actor = createActor(
      inviteMachine.provide({
        actors: { getInvite: fromPromise(outcome) as never },
      }),
      { input: { code } },
    ).start()
    await waitFor(actor, (s) => !s.hasTag('busy'))
    return actor.getSnapshot()
  }

  it('greets a pending invitee by first name', async () => {
    const s = await check(async () => ({ 'First Name': ' Chioma ', Status: 'Pending' }))
    expect(s.value).toBe('pending')
    expect(s.context.firstName).toBe('Chioma')
  })

  it('tells a used code from an unknown one, and a lost call from both', async () => {
    expect((await check(async () => ({ 'First Name': 'Kemi', Status: 'Used' }))).value).toBe('used')
    const unknown = await check(async () => {
      throw new ApiError(404, 'No invite has this code.')
    })
    expect(unknown.value).toBe('invalid')
    const lost = await check(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(lost.value).toBe('failed')
    expect(lost.can({ type: 'invite.retried' })).toBe(true)
  })

  it('never asks the server about something that cannot be a code', async () => {
    const getInvite = vi.fn(async () => ({ 'First Name': 'X', Status: 'Pending' }))
    expect((await check(getInvite, 'no spaces allowed')).value).toBe('invalid')
    expect(getInvite).not.toHaveBeenCalled()
  })
})

describe('joining a community', () => {
  const invite = {
    communityId: '00000000-0000-4000-8000-00000000c001',
    communityName: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
    email: 'bisi@example.com',
  }
  const accept = async (outcome: () => Promise<unknown>, input = { ...invite, signedIn: true }) => {
    const navigateToMenu = vi.fn()
    const actor = createActor(
      joinMachine.provide({
        actors: { joinCommunity: fromPromise(outcome) as never },
        actions: { navigateToMenu },
      }),
      { input },
    ).start()
    actor.send({ type: 'invite.accepted' })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    return { snapshot: actor.getSnapshot(), navigateToMenu }
  }

  it('goes to the menu once the server says success', async () => {
    const { snapshot, navigateToMenu } = await accept(async () => ({ status: 'success' }))
    expect(snapshot.value).toBe('success')
    expect(navigateToMenu).toHaveBeenCalledOnce()
  })

  it.each([
    [async () => ({ status: 'error' }), 'Invalid invite'],
    [
      async () => {
        throw new ApiError(403, 'This invite is for another e-mail address.')
      },
      'Invalid invite',
    ],
    [
      async () => {
        throw new TypeError('Failed to fetch')
      },
      'An error occurred while processing the request',
    ],
  ])('says what went wrong (%#)', async (outcome, message) => {
    const { snapshot, navigateToMenu } = await accept(outcome)
    expect(snapshot.context.error).toBe(message)
    expect(navigateToMenu).not.toHaveBeenCalled()
  })

  it("says 'Invalid Community ID' without a community, and offers no Accept", () => {
    const actor = createActor(joinMachine, {
      input: { ...invite, communityId: ' ', signedIn: true },
    }).start()
    expect(actor.getSnapshot().context.error).toBe('Invalid Community ID')
    expect(actor.getSnapshot().can({ type: 'invite.accepted' })).toBe(false)
  })

  it('sends someone not logged in to /login with the invited e-mail, 3 s later', () => {
    const clock = new SimulatedClock()
    const navigateToLogin = vi.fn()
    const actor = createActor(
      joinMachine.provide({ actions: { navigateToLogin: (_, p) => navigateToLogin(p) } }),
      {
        input: { ...invite, signedIn: false },
        clock,
      },
    ).start()
    expect(actor.getSnapshot().value).toBe('needsLogin')
    clock.increment(2999)
    expect(navigateToLogin).not.toHaveBeenCalled()
    clock.increment(1)
    expect(navigateToLogin).toHaveBeenCalledWith({ email: 'bisi@example.com' })
  })
})

describe('the mailing list', () => {
  it("subscribes a valid e-mail, shows 'Subscribed', and reloads 6 s later", async () => {
    const clock = new SimulatedClock()
    const reloadPage = vi.fn()
    const subscribe = vi.fn(async (_input: unknown) => {})
    const actor = createActor(
      subscribeMachine.provide({
        actors: { subscribe: fromPromise(({ input }) => subscribe(input)) },
        actions: { reloadPage },
      }),
      { clock },
    ).start()
    expect(actor.getSnapshot().can({ type: 'form.submitted' })).toBe(false)
    actor.send({ type: 'email.changed', value: 'tolu@example.com' })
    actor.send({ type: 'form.submitted' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.hasTag('success'))
    expect(subscribe).toHaveBeenCalledWith({ email: 'tolu@example.com' })
    clock.increment(5999)
    expect(reloadPage).not.toHaveBeenCalled()
    clock.increment(1)
    expect(reloadPage).toHaveBeenCalledOnce()
  })

  it('says so when the subscription fails, and lets the person try again', async () => {
    const actor = createActor(
      subscribeMachine.provide({
        actors: { subscribe: failWith(new TypeError('Failed to fetch')) },
      }),
    ).start()
    actor.send({ type: 'email.changed', value: 'tolu@example.com' })
    actor.send({ type: 'form.submitted' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(
      'We could not add you to the mailing list. Check your connection and try again.',
    )
    expect(actor.getSnapshot().can({ type: 'form.submitted' })).toBe(true)
  })
})
