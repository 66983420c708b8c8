import { assign, setup } from 'xstate'
import { onFirstUse } from '../on-first-use'

export interface CarouselInput {
  count: number
  /** Milliseconds each picture stays: 3 s for event posters, 5 s for the print studio. */
  intervalMs: number
}

/** Cycles pictures; one picture stands still, and a paused carousel (hidden tab) waits. */
export const carouselMachine = onFirstUse(() =>
  setup({
    types: {
      input: {} as CarouselInput,
      context: {} as { index: number; count: number; intervalMs: number },
      events: {} as { type: 'carousel.paused' } | { type: 'carousel.resumed' },
    },
    guards: { hasSeveral: ({ context }) => context.count > 1 },
    delays: { rotationInterval: ({ context }) => context.intervalMs },
  }).createMachine({
    id: 'carousel',
    context: ({ input }) => ({ index: 0, count: input.count, intervalMs: input.intervalMs }),
    initial: 'starting',
    states: {
      starting: { always: [{ guard: 'hasSeveral', target: 'cycling' }, { target: 'still' }] },
      still: {},
      cycling: {
        after: {
          rotationInterval: {
            target: 'cycling',
            reenter: true,
            actions: assign({ index: ({ context }) => (context.index + 1) % context.count }),
          },
        },
        on: { 'carousel.paused': 'paused' },
      },
      paused: { on: { 'carousel.resumed': 'cycling' } },
    },
  }),
)
