import type { Page } from 'playwright-core'
import type { WaitlistJoinContext } from '../../../../machines/waitlist/join/machine'
import { waitlistJoinMachine } from '../../../../machines/waitlist/join/machine'
import { waitlistJoinModel } from '../../../../machines/waitlist/join/model'
import { joinBlockerText } from '../../../../machines/waitlist/join/selectors'
import { defineViews } from '../shared/define'
import { enabledAs } from '../shared/enabled'
import { dropWrites, LOAD, SHORT, statusOf } from '../shared/member-area'

// 'Join the waitlist' under a sold-out event's 'Sold out', in each state, for the browser replay
// of the model's paths: the demo's Poetry & Palm Wine (one day, one slot) with no place left, for
// a guest the phone remembers by name and e-mail. Only tests import this.

const PATH = '/event/poetry-and-palm-wine'
const JOIN = '**/api/events/*/waitlist'
const GUEST = 'a guest the phone remembers, Poetry & Palm Wine full'
const DROPPING = 'that guest, the connection dropping as they join'

const input = waitlistJoinModel.inputs['a guest, one day']
const remembered = {
  email: 'oluwaseun.adebayo-ogunleye@lagoscreatives.com.ng',
  name: 'Oluwaseun Adebayo-Ogunleye',
}

const form = (page: Page) => page.getByRole('region', { name: 'Join the waitlist' })
const joinButton = (page: Page) =>
  form(page).getByRole('button', { name: /^(Join the waitlist|Joining…)$/ })
const contextOf = (snapshot: { context: unknown }) => snapshot.context as WaitlistJoinContext

const start = {
  input,
  path: PATH,
  width: 390,
  server: 'poetryFull',
  remembered,
} as const

export const waitlistJoinViews = defineViews({
  model: waitlistJoinModel,
  machine: waitlistJoinMachine,
  starts: {
    [GUEST]: start,
    [DROPPING]: {
      ...start,
      open: async (page, url) => {
        await page.route(JOIN, dropWrites(page))
        await page.goto(url + PATH, LOAD)
      },
    },
  },
  events: {
    'join.opened': {
      run: ({ page }) =>
        page.getByRole('main').getByRole('button', { name: 'Join the waitlist' }).click(),
    },
    'join.closed': {
      // Only the form has 'Not now'; once joined, the note stays.
      accepts: (_event, { snapshot }) => snapshot.matches('editing'),
      run: ({ page }) => form(page).getByRole('button', { name: 'Not now' }).click(),
    },
    'field.changed': {
      run: ({ page, event }) =>
        form(page)
          .getByLabel('Phone Number')
          .fill(event.value as string),
    },
    'field.left': {
      run: ({ page }) => form(page).getByLabel('Email Address').focus(),
    },
    'join.submitted': { run: ({ page }) => joinButton(page).click() },
    'xstate.done.actor.joinWaitlist': {
      accepts: (_e, { start }) => start === GUEST,
      request: JOIN,
    },
    'xstate.error.actor.joinWaitlist': {
      // A place came free meanwhile (the server says to book it), or the connection dropped.
      accepts: (event, { start }) =>
        statusOf(event.error) === 409 ? start === GUEST : start === DROPPING,
      server: (event) => (statusOf(event.error) === 409 ? 'poetryHasRoom' : null),
      request: JOIN,
    },
  },
  states: {
    closed: async ({ page }) => {
      await page.getByRole('button', { name: 'Sold out' }).first().waitFor(LOAD)
      await page.getByRole('main').getByRole('button', { name: 'Join the waitlist' }).waitFor(SHORT)
    },
    editing: async ({ page, snapshot }) => {
      const context = contextOf(snapshot)
      await form(page).waitFor(SHORT)
      const blocker = joinBlockerText(context)
      await enabledAs(joinButton(page), blocker === null, 'Join the waitlist')
      if (blocker) await form(page).getByText(blocker).waitFor(SHORT)
      if (context.problem)
        await form(page).getByRole('alert').getByText(context.problem).waitFor(SHORT)
    },
    joining: async ({ page }) => {
      await form(page).getByRole('button', { name: 'Joining…' }).waitFor(SHORT)
    },
    joined: async ({ page }) => {
      const joined = page.getByRole('region', { name: "You're on the waitlist" })
      await joined.getByRole('status').getByText(remembered.email, { exact: false }).waitFor(SHORT)
    },
  },
})
