import { assign, setup } from 'xstate'
import { isStatus } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { type StaffTag, staffGuards, staffRecordReadFailed, writeFailed } from '../calls/staff'
import { callStub } from '../calls/stub'
import { keepRefusal } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import type { StaffApplication } from '../staff-applications/machine'

export interface ApplicationReviewContext {
  id: string
  application: StaffApplication | null
  /** The note for the applicant, kept through a failed decline. */
  note: string
  /** Why the server refused the decision (decided meanwhile, an account exists). */
  refusal: string | null
}

// A decision refused: another member of staff decided first, or the e-mail has an account.
const decisionFailed = (failed: string) =>
  writeFailed('applicationReview', {
    refusal: 'isConflict',
    keep: 'keepRefusal',
    refused: 'refused',
    failed,
  })

/**
 * /staff/applications/:id: one application with every answer. While it waits for a decision,
 * staff approve it (after a confirmation: the account is made and the welcome e-mailed) or
 * decline it with a note for the applicant. A failed decision can be sent again; one refused
 * (another member of staff decided first) says so and reads the application again.
 */
export const applicationReviewMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as ApplicationReviewContext,
      input: {} as { id: string },
      events: {} as
        | { type: 'application.retried' }
        | { type: 'application.reloaded' }
        | { type: 'approve.started' }
        | { type: 'approve.confirmed' }
        | { type: 'decline.started' }
        | { type: 'decline.confirmed' }
        | { type: 'note.changed'; note: string }
        | { type: 'decision.cancelled' }
        | { type: 'decision.retried' },
      tags: {} as StaffTag | 'missing',
    },
    actors: {
      loadApplication: callStub<StaffApplication, { id: string }>('loadApplication'),
      approve: callStub<StaffApplication, { id: string }>('approve'),
      decline: callStub<StaffApplication, { id: string; note: string }>('decline'),
    },
    actions: {
      ...loadCallActions,
      keepRefusal: keepRefusal(),
    },
    guards: {
      ...staffGuards,
      isNotFound: isStatus(404),
      isConflict: isStatus(409),
      isPending: ({ context }) => context.application?.status === 'pending',
    },
  }).createMachine({
    id: 'applicationReview',
    context: ({ input }) => ({ id: input.id, application: null, note: '', refusal: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadApplication',
          src: 'loadApplication',
          input: ({ context }) => ({ id: context.id }),
          onDone: {
            target: 'ready',
            actions: assign({ application: ({ event }) => event.output, refusal: null }),
          },
          onError: staffRecordReadFailed,
        },
      },
      ready: {
        initial: 'sorting',
        states: {
          // Waiting for a decision, or decided before it was opened.
          sorting: { always: [{ guard: 'isPending', target: 'open' }, { target: 'closed' }] },
          open: {
            on: { 'approve.started': 'confirmingApproval', 'decline.started': 'writingNote' },
          },
          confirmingApproval: {
            on: { 'approve.confirmed': 'approving', 'decision.cancelled': 'open' },
          },
          writingNote: {
            on: {
              'note.changed': { actions: assign({ note: ({ event }) => event.note }) },
              'decline.confirmed': 'declining',
              'decision.cancelled': 'open',
            },
          },
          approving: callState('approve', {
            input: ({ context }) => ({ id: context.id }),
            keep: 'application',
            target: 'decided',
            onError: decisionFailed('approveFailed'),
          }),
          declining: callState('decline', {
            input: ({ context }) => ({ id: context.id, note: context.note }),
            keep: 'application',
            target: 'decided',
            onError: decisionFailed('declineFailed'),
          }),
          approveFailed: {
            tags: ['error'],
            on: { 'decision.retried': 'approving', 'decision.cancelled': 'open' },
          },
          declineFailed: {
            tags: ['error'],
            on: { 'decision.retried': 'declining', 'decision.cancelled': 'writingNote' },
          },
          // Decided here, now.
          decided: {},
          // Decided by someone else first, or the e-mail already has an account.
          refused: { on: { 'application.reloaded': '#applicationReview.loading' } },
          closed: {},
        },
      },
      ...loadEndings('application.retried'),
      missing: { tags: ['missing'] },
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
