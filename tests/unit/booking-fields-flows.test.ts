import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type CoworkingOptions, coworkingMachine } from '../../machines/coworking/machine'
import { blockerTextOf, detailErrorsOf, visitorErrorsOf } from '../../machines/coworking/selectors'
import { sampleEvent } from '../../machines/fixtures'
import { printStudioMachine, type StudioOptions } from '../../machines/print-studio/machine'
import { guestErrorsOf as studioGuestErrorsOf } from '../../machines/print-studio/selectors'
import { rsvpMachine } from '../../machines/rsvp/machine'
import { answersErrorOf, guestErrorsOf, problemsTextOf } from '../../machines/rsvp/selectors'
import { studioRebookMachine } from '../../machines/studio-rebook/machine'

// The booking forms at their edges, on the machines: a phone of four digits, a name pasted 5,000
// characters long, an e-mail without its dot-ending. The selectors give each field its sentence,
// and the guards keep every way of booking closed, so nothing reaches the server to be refused.
// A phone too short says so only once the person has left its field: '0803' may be a number
// still being typed; the e-mail says so as it is typed (the spec checks it on each change).

const now = new Date('2026-11-24T09:00:00Z')
const origin = 'https://sixteen.test'
const LONG_NAME = 'A'.repeat(5000)
const edges = { email: 'oluwaseun.adebayowilliams@gmail', name: LONG_NAME, phone: '0803' }
const fine = { email: 'bola@example.com', name: 'Bola Ade', phone: '0803 555 0142' }
const said = {
  email: 'Please enter a valid email address.',
  name: 'Use at most 120 characters; this has 5,000.',
  phone: 'Enter a phone number with at least 5 digits.',
}
const { phone: _phone, ...saidWhileTyping } = said

describe('co-working', () => {
  async function open(details: typeof fine) {
    const actor = createActor(
      coworkingMachine.provide({
        actors: {
          loadOptions: fromPromise<CoworkingOptions>(async () => ({
            spaces: [{ id: 'library', Name: 'Library', Coworking: true }],
            days: ['2026-11-25'],
          })),
        },
      }),
      {
        input: {
          signedIn: false,
          isMember: false,
          userId: null,
          details,
          remember: false,
          day: '2026-11-25',
          origin,
        },
      },
    ).start()
    await waitFor(actor, (s) => s.matches('closed'))
    actor.send({ type: 'panel.opened' })
    actor.send({ type: 'space.chosen', space: 'Library' })
    return actor
  }

  it('says why beside each detail (the phone once left), and Book stays closed', async () => {
    const actor = await open(edges)
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual(saidWhileTyping)
    actor.send({ type: 'field.left', field: 'phone' })
    const snapshot = actor.getSnapshot()
    expect(detailErrorsOf(snapshot.context)).toEqual(said)
    expect(blockerTextOf(snapshot.context)).toBe(
      'Add a valid email address, then correct your name and your phone number.',
    )
    expect(snapshot.can({ type: 'card.chosen' })).toBe(false)
    actor.send({ type: 'card.chosen' })
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
  })

  it("says why under a guest's name pasted 5,000 characters long, and Book stays closed", async () => {
    const actor = await open(fine)
    expect(actor.getSnapshot().can({ type: 'card.chosen' })).toBe(true)
    actor.send({ type: 'guests.added' })
    actor.send({ type: 'visitor.changed', index: 0, name: LONG_NAME })
    const snapshot = actor.getSnapshot()
    expect(visitorErrorsOf(snapshot.context)).toEqual({ each: [said.name], together: null })
    expect(blockerTextOf(snapshot.context)).toBe("Correct your guests' names.")
    expect(snapshot.can({ type: 'card.chosen' })).toBe(false)
  })

  it('keeps Book closed while a short phone waits to be left, and says so once it is', async () => {
    const actor = await open(fine)
    actor.send({ type: 'field.changed', field: 'phone', value: '0803' })
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual({})
    expect(blockerTextOf(actor.getSnapshot().context)).toBe('Correct your phone number.')
    expect(actor.getSnapshot().can({ type: 'card.chosen' })).toBe(false)
    actor.send({ type: 'field.left', field: 'email' })
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual({})
    actor.send({ type: 'field.left', field: 'phone' })
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual({ phone: said.phone })
    // Left once is left: typing on says at once whether the number is long enough yet.
    expect(actor.getSnapshot().can({ type: 'field.left', field: 'phone' })).toBe(false)
    actor.send({ type: 'field.changed', field: 'phone', value: '080' })
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual({ phone: said.phone })
    actor.send({ type: 'field.changed', field: 'phone', value: fine.phone })
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual({})
  })

  it('goes once the details are mended', async () => {
    const actor = await open(edges)
    actor.send({ type: 'field.left', field: 'phone' })
    for (const field of ['email', 'name', 'phone'] as const) {
      actor.send({ type: 'field.changed', field, value: fine[field] })
    }
    expect(detailErrorsOf(actor.getSnapshot().context)).toEqual({})
    expect(actor.getSnapshot().can({ type: 'card.chosen' })).toBe(true)
  })
})

describe('the RSVP panel', () => {
  const event = {
    ...sampleEvent,
    StartDate: '2026-11-28T11:00:00.000Z',
    EndDate: '2026-11-28T19:00:00.000Z',
    TimeSlots: ['12pm - 4pm'],
    Price: 5000,
    metadata: 'Instagram handle',
  }
  const viewer = { signedIn: false, isMember: false, userId: null, email: '', name: '', phone: '' }

  function open(guest: typeof fine) {
    const actor = createActor(rsvpMachine, {
      input: { event, viewer, guest, now, origin },
    }).start()
    actor.send({ type: 'panel.opened' })
    return actor
  }

  it("says why beside each of a guest's details, and the card payment stays closed", () => {
    const actor = open(edges)
    expect(guestErrorsOf(actor.getSnapshot().context)).toEqual(saidWhileTyping)
    actor.send({ type: 'field.left', field: 'phone' })
    const snapshot = actor.getSnapshot()
    expect(guestErrorsOf(snapshot.context)).toEqual(said)
    expect(problemsTextOf(snapshot.context)).toBe(
      'To continue, enter a valid email address, then correct your name and your phone number.',
    )
    expect(snapshot.can({ type: 'card.chosen' })).toBe(false)
  })

  it('says by how much answers pasted 5,000 characters long are too long, and waits', () => {
    const actor = open(fine)
    expect(actor.getSnapshot().can({ type: 'card.chosen' })).toBe(true)
    actor.send({ type: 'answer.changed', field: 'Instagram handle', value: LONG_NAME })
    const { context } = actor.getSnapshot()
    expect(answersErrorOf(context)).toBe('Shorten your answers by at least 1,023 characters.')
    expect(problemsTextOf(context)).toBe('To continue, shorten your answers.')
    expect(actor.getSnapshot().can({ type: 'card.chosen' })).toBe(false)
  })

  it('asks nothing of a signed-in person, whose stored details are used', () => {
    const actor = createActor(rsvpMachine, {
      input: { event, viewer: { ...viewer, signedIn: true, ...edges }, guest: fine, now, origin },
    }).start()
    expect(guestErrorsOf(actor.getSnapshot().context)).toEqual({})
  })
})

describe('the print studio and its Book again', () => {
  const studio = fromPromise<StudioOptions>(async () => ({
    items: [{ id: '5', Name: 'Print Studio', Coworking: true }],
    days: ['2026-11-25'],
  }))

  it("says why beside a guest's details, and neither form pays", async () => {
    expect(studioGuestErrorsOf(edges, [])).toEqual(saidWhileTyping)
    expect(studioGuestErrorsOf(edges, ['phone'])).toEqual(said)
    expect(studioGuestErrorsOf(null, ['phone'])).toEqual({})

    const page = createActor(printStudioMachine.provide({ actors: { loadStudio: studio } }), {
      input: { origin, user: null, guest: edges },
    }).start()
    await waitFor(page, (s) => s.matches('idle'))
    page.send({ type: 'panel.opened' })
    page.send({ type: 'field.left', field: 'phone' })
    expect(page.getSnapshot().context.left).toEqual(['phone'])
    page.send({ type: 'day.chosen', day: '2026-11-25' })
    page.send({ type: 'slot.chosen', slot: '2pm - 6pm' })
    expect(page.getSnapshot().can({ type: 'card.chosen' })).toBe(false)
    page.send({ type: 'field.changed', field: 'phone', value: fine.phone })
    page.send({ type: 'field.changed', field: 'name', value: fine.name })
    page.send({ type: 'field.changed', field: 'email', value: fine.email })
    expect(page.getSnapshot().can({ type: 'card.chosen' })).toBe(true)

    const rebook = createActor(studioRebookMachine.provide({ actors: { loadStudio: studio } }), {
      input: { origin, guest: { ...fine, phone: '0803' } },
    }).start()
    await waitFor(rebook, (s) => s.matches('editing'))
    expect(rebook.getSnapshot().context.left).toEqual([])
    rebook.send({ type: 'field.left', field: 'phone' })
    expect(rebook.getSnapshot().context.left).toEqual(['phone'])
    rebook.send({ type: 'day.chosen', day: '2026-11-25' })
    rebook.send({ type: 'slot.chosen', slot: '2pm - 6pm' })
    expect(rebook.getSnapshot().can({ type: 'card.chosen' })).toBe(false)
    rebook.send({ type: 'field.changed', field: 'phone', value: fine.phone })
    expect(rebook.getSnapshot().can({ type: 'card.chosen' })).toBe(true)
  })
})
