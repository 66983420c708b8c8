import { setup } from 'xstate'
import { onFirstUse } from '../on-first-use'

/**
 * The confirmation pages (/event/{id}/registered, /booked-coworking, /booked-printstudio): a
 * banner ('Registered', 'Booked') visible for 6 s, and beside it at most one open panel: the
 * support panel ('I didn't get a receipt') or the book-again form.
 */
export const confirmationMachine = onFirstUse(() =>
  setup({
    types: {
      events: {} as
        | { type: 'panel.supportOpened' }
        | { type: 'panel.bookAgainOpened' }
        | { type: 'panel.closed' },
      tags: {} as 'bannerVisible',
    },
    delays: { bannerDuration: 6000 },
  }).createMachine({
    id: 'confirmation',
    type: 'parallel',
    states: {
      banner: {
        initial: 'visible',
        states: {
          visible: { tags: ['bannerVisible'], after: { bannerDuration: 'hidden' } },
          hidden: {},
        },
      },
      panel: {
        initial: 'closed',
        states: {
          closed: {
            on: { 'panel.supportOpened': 'support', 'panel.bookAgainOpened': 'bookAgain' },
          },
          support: { on: { 'panel.closed': 'closed', 'panel.bookAgainOpened': 'bookAgain' } },
          bookAgain: { on: { 'panel.closed': 'closed', 'panel.supportOpened': 'support' } },
        },
      },
    },
  }),
)
