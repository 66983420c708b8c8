// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { calendarMachine } from '../../machines/calendar/machine'
import { calendarNote } from '../../machines/calendar/selectors'
import { sampleEvent } from '../../machines/fixtures'
import { InitialData } from '../../src/initial-data'
import { isKeptPage, markKept, pagesCacheOf } from '../../src/service-worker/pages'

// What the service worker answers from the phone, and how a kept page says it is one
// (docs/decisions/027).

const page = (path: string) => new URL(path, 'https://sixteen.ng')

describe('the pages the service worker keeps', () => {
  it.each([
    '/',
    '/event/rooftop-jazz',
    '/menu',
    '/about',
    '/membership',
    '/co-working',
    '/print-studio',
    '/profile',
    '/profile/bookings',
    '/profile/wallet',
    '/tour',
  ])('keeps %s', (path) => {
    expect(isKeptPage(page(path))).toBe(true)
  })

  it.each([
    '/verify?token=abc',
    '/login',
    '/login-sent',
    '/invite/ABC123',
    '/event/rooftop-jazz/registered',
    '/payment/callback?reference=x',
    '/profile/payment/confirm',
    '/booked-coworking',
    '/co-working?day=2026-11-27',
    '/statecharts',
    '/api/events',
  ])('never keeps %s: the server answers it every time', (path) => {
    expect(isKeptPage(page(path))).toBe(false)
  })

  it('names a new cache for a new version of any file, and the same for the same files', () => {
    const files = [
      { url: 'assets/index-a.js', revision: null },
      { url: 'images/brand.svg', revision: '1' },
    ]
    expect(pagesCacheOf(files)).toBe(pagesCacheOf([...files]))
    expect(pagesCacheOf(files)).not.toBe(
      pagesCacheOf([files[0] as (typeof files)[0], { url: 'images/brand.svg', revision: '2' }]),
    )
    expect(pagesCacheOf(files)).toMatch(/^pages-/)
  })
})

describe('a kept page', () => {
  const html = `<html><body><div id="root"></div><script id="initial-data" type="application/json">{"now":"2026-11-24T09:00:00.000Z","answers":{}}</script></body></html>`

  it('carries the mark in its data, and the app reads it', () => {
    const document = new DOMParser().parseFromString(markKept(html), 'text/html')
    const carried = InitialData.fromDocument(document)
    expect(carried.kept).toBe(true)
    expect(carried.now?.toISOString()).toBe('2026-11-24T09:00:00.000Z')
  })

  it('a page from the network carries no mark', () => {
    const document = new DOMParser().parseFromString(html, 'text/html')
    expect(InitialData.fromDocument(document).kept).toBe(false)
  })
})

describe('the calendar of a kept page', () => {
  const start = (knownAt: string | null, load: () => Promise<(typeof sampleEvent)[]>) =>
    createActor(
      calendarMachine.provide({
        actors: { loadEvents: fromPromise(load) },
        actions: { logError: () => {} },
      }),
      { input: { initialEvents: [sampleEvent], knownAt } },
    ).start()
  const NOW = new Date('2026-11-24T12:00:00Z')

  it('says since when while it brings the list up to date, then nothing', async () => {
    let answer = (_: (typeof sampleEvent)[]) => {}
    const actor = start('2026-11-24T09:00:00.000Z', () => new Promise((r) => (answer = r)))
    expect(calendarNote(actor.getSnapshot(), NOW)).toBe('Updating the calendar you saw at 10am…')
    answer([sampleEvent])
    await new Promise((resolve) => setTimeout(resolve))
    expect(calendarNote(actor.getSnapshot(), NOW)).toBeNull()
  })

  it('offline, says it is what it knew, with the day when it was not today', async () => {
    const actor = start('2026-11-20T09:00:00.000Z', () => Promise.reject(new TypeError('offline')))
    await new Promise((resolve) => setTimeout(resolve))
    expect(calendarNote(actor.getSnapshot(), NOW)).toBe(
      "You're offline. This is the calendar as of Nov 20, 2026, 10am; it updates when you're back.",
    )
    expect(actor.getSnapshot().context.events).toEqual([sampleEvent])
  })

  it('a page fresh from the network says nothing', () => {
    const actor = start(null, () => new Promise(() => {}))
    expect(calendarNote(actor.getSnapshot(), NOW)).toBeNull()
    expect(actor.getSnapshot().value).toBe('listed')
  })
})
