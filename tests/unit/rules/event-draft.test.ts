import { describe, expect, it } from 'vitest'
import { EVENT_DRAFT } from '../../../machines/event-editor/model'
import {
  draftOf,
  emptyEventForm,
  eventFormProblems,
  formOf,
  HOTEL_ADDRESS,
} from '../../../machines/rules/event-draft'

const form = formOf(EVENT_DRAFT)

describe("an event's form", () => {
  it('sends what it shows: a draft read into the form comes back the same', () => {
    expect(eventFormProblems(form)).toEqual({})
    expect(draftOf(form)).toEqual(EVENT_DRAFT)
  })

  it('starts at the hotel, free, open for booking, for everyone, and says what it still needs', () => {
    const blank = emptyEventForm()
    expect(blank).toMatchObject({
      address: HOTEL_ADDRESS,
      price: '0',
      rsvp: true,
      membersOnly: false,
    })
    expect(eventFormProblems(blank)).toEqual({
      title: 'Give the event a title.',
      startDay: 'Choose the first day.',
      startTime: 'Choose when it starts.',
      endDay: 'Choose the last day.',
      endTime: 'Choose when it ends.',
      venue: 'Say where in the hotel it is.',
      capacity: 'Write how many places each day has.',
    })
  })

  it('reads prices and places as people write them, and trims and blanks the rest', () => {
    const typed = {
      ...form,
      title: '  Rooftop Jazz  ',
      price: '15,000',
      friendsPrice: ' ',
      capacity: '1 200',
      url: '',
      extraQuestions: '  ',
      slots: '4pm - 7pm,, 7pm - 10pm ,',
    }
    expect(draftOf(typed)).toMatchObject({
      title: 'Rooftop Jazz',
      price: 15_000,
      friendsPrice: null,
      capacity: 1_200,
      url: null,
      extraQuestions: null,
      slots: ['4pm - 7pm', '7pm - 10pm'],
    })
  })

  it('refuses an end before the start, a slot that is not a time range, a friends price above the price, a web address without https', () => {
    expect(
      eventFormProblems({
        ...form,
        endDay: form.startDay,
        endTime: '15:00',
        slots: '4pm - 7pm, evening',
        price: '10000',
        friendsPrice: '12000',
        url: 'sixteen.ng/jazz',
      }),
    ).toEqual({
      endTime: 'The event ends before it starts.',
      slots: "'evening' is not a time range such as '4pm - 8pm'.",
      friendsPrice: "The friends' price is more than the price.",
      url: 'Write a web address starting with https://.',
    })
    expect(eventFormProblems({ ...form, price: 'free', title: '!!!' })).toEqual({
      title: 'Give the event a title.',
      price: 'Write the price in whole naira (0 for free).',
    })
  })
})

describe('when cancellations close, and how long an offered place is held', () => {
  it('starts at 24 and 12 hours, reads an older draft without them as those, and sends them', () => {
    expect(emptyEventForm()).toMatchObject({ cancelCutoffHours: '24', waitlistOfferHours: '12' })
    const { cancelCutoffHours: _cutoff, waitlistOfferHours: _offer, ...older } = EVENT_DRAFT
    expect(formOf(older)).toMatchObject({ cancelCutoffHours: '24', waitlistOfferHours: '12' })
    expect(draftOf({ ...form, cancelCutoffHours: ' 0 ', waitlistOfferHours: '168' })).toMatchObject(
      { cancelCutoffHours: 0, waitlistOfferHours: 168 },
    )
  })

  it('asks for whole hours within their bounds, in words staff act on', () => {
    expect(
      eventFormProblems({ ...form, cancelCutoffHours: '', waitlistOfferHours: 'half a day' }),
    ).toEqual({
      cancelCutoffHours:
        'Write how many hours before it starts cancellations close (0: until it starts).',
      waitlistOfferHours: 'Write how many hours an offered place is held.',
    })
    expect(
      eventFormProblems({ ...form, cancelCutoffHours: '721', waitlistOfferHours: '0' }),
    ).toEqual({
      cancelCutoffHours: 'Cancellations can close at most 720 hours (30 days) before it starts.',
      waitlistOfferHours: 'Hold an offered place for at least 1 hour.',
    })
    expect(
      eventFormProblems({ ...form, cancelCutoffHours: '-1', waitlistOfferHours: '169' }),
    ).toEqual({
      cancelCutoffHours:
        'Write how many hours before it starts cancellations close (0: until it starts).',
      waitlistOfferHours: 'Hold an offered place for at most 168 hours (a week).',
    })
    expect(
      eventFormProblems({ ...form, cancelCutoffHours: '720', waitlistOfferHours: '1' }),
    ).toEqual({})
  })
})
