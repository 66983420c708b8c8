import { setup } from 'xstate'
import { onFirstUse } from '../on-first-use'

/** The tour's steps, in order. */
export const TOUR_STEPS = ['profile', 'bookings', 'payments'] as const

/**
 * /tour: three steps over a sample profile (your profile, your bookings, your payments);
 * Finish, or Skip on any step, goes to /profile.
 */
export const tourMachine = onFirstUse(() =>
  setup({
    types: {
      events: {} as
        | { type: 'tour.advanced' }
        | { type: 'tour.movedBack' }
        | { type: 'tour.finished' }
        | { type: 'tour.skipped' },
    },
    actions: { navigateToProfile: () => {} },
  }).createMachine({
    id: 'tour',
    initial: 'profile',
    states: {
      profile: { on: { 'tour.advanced': 'bookings' } },
      bookings: { on: { 'tour.advanced': 'payments', 'tour.movedBack': 'profile' } },
      payments: {
        on: {
          'tour.movedBack': 'bookings',
          'tour.finished': { target: 'done', actions: 'navigateToProfile' },
        },
      },
      done: { type: 'final' },
    },
    on: { 'tour.skipped': { target: '.done', actions: 'navigateToProfile' } },
  }),
)
