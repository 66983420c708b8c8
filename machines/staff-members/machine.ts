import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { isStatus } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import {
  replacedById,
  staffGuards,
  staffReadFailed,
  staffTypes,
  takeQuery,
  writeFailed,
} from '../calls/staff'
import { callStub } from '../calls/stub'
import { keepRefusal } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import { isBlankReason } from '../staff-payments/selectors'

export type StaffMember = components['schemas']['StaffMember']

export interface Extension {
  id: string
  until: string
  reason: string
}

export interface StaffMembersContext {
  /** What was searched for (part of a name, an e-mail, a phone); blank: everyone. */
  query: string
  members: StaffMember[]
  /** The member being extended, by id. */
  chosen: string | null
  /** The new last day, as the date field gives it. */
  until: string
  /** Why, for the audit log; kept through a refusal or a failure. */
  reason: string
  /** Extend was pressed without a day or a reason. */
  incomplete: boolean
  /** Why the server refused (a day before the current end, say). */
  refusal: string | null
}

export type StaffMembersEvent =
  | { type: 'search.submitted'; query: string }
  | { type: 'members.retried' }
  | { type: 'extend.started'; id: string }
  | { type: 'until.changed'; until: string }
  | { type: 'reason.changed'; reason: string }
  | { type: 'extend.confirmed' }
  | { type: 'extend.cancelled' }
  | { type: 'extend.retried' }

const browsingEvents = {
  'search.submitted': { target: '#staffMembers.loading', actions: 'takeQuery' },
  'extend.started': { target: 'extending', actions: 'chooseMember' },
} as const

// Writing the day and the reason, first or again after a refusal.
const writingEvents = {
  'until.changed': { target: 'extending', actions: 'takeUntil' },
  'reason.changed': { target: 'extending', actions: 'takeReason' },
  'extend.confirmed': [
    { guard: 'isIncomplete', target: 'extending', actions: 'markIncomplete' },
    { target: 'saving' },
  ],
  'extend.cancelled': 'browsing',
} as const

/**
 * /staff/members: members found by name, e-mail or phone, with their status, plan and end.
 * Staff extend one by hand to a later day, with a reason kept in the audit log; a day the server
 * refuses (before the current end) says why and can be changed; a failed call can be sent again.
 */
export const staffMembersMachine = onFirstUse(() =>
  setup({
    types: staffTypes<StaffMembersContext, StaffMembersEvent>(),
    actors: {
      searchMembers: callStub<StaffMember[], { query: string }>('searchMembers'),
      extend: callStub<StaffMember, Extension>('extend'),
    },
    actions: {
      ...loadCallActions,
      takeQuery: takeQuery(),
      chooseMember: assign(({ event }) => ({
        chosen: event.type === 'extend.started' ? event.id : null,
        until: '',
        reason: '',
        incomplete: false,
        refusal: null,
      })),
      takeUntil: assign(({ event }) =>
        event.type === 'until.changed' ? { until: event.until } : {},
      ),
      takeReason: assign(({ event }) =>
        event.type === 'reason.changed' ? { reason: event.reason, incomplete: false } : {},
      ),
      markIncomplete: assign({ incomplete: true }),
      keepRefusal: keepRefusal(),
    },
    guards: {
      ...staffGuards,
      // 400: the day is not after the current end (or today); the server says so.
      isRefusal: isStatus(400),
      isIncomplete: ({ context }) => context.until === '' || isBlankReason(context.reason),
    },
  }).createMachine({
    id: 'staffMembers',
    context: {
      query: '',
      members: [],
      chosen: null,
      until: '',
      reason: '',
      incomplete: false,
      refusal: null,
    },
    initial: 'loading',
    states: {
      loading: callState('searchMembers', {
        input: ({ context }) => ({ query: context.query }),
        keep: 'members',
        target: 'ready',
        onError: staffReadFailed,
      }),
      ready: {
        initial: 'browsing',
        states: {
          browsing: { on: browsingEvents },
          extending: { on: writingEvents },
          saving: {
            tags: ['busy'],
            invoke: {
              id: 'extend',
              src: 'extend',
              input: ({ context }) => ({
                id: context.chosen ?? '',
                until: context.until,
                reason: context.reason.trim(),
              }),
              onDone: {
                target: 'extended',
                actions: assign({
                  members: ({ context, event }) => replacedById(context.members, event.output),
                }),
              },
              onError: writeFailed('staffMembers', {
                refusal: 'isRefusal',
                keep: 'keepRefusal',
                refused: 'refused',
                failed: 'saveFailed',
              }),
            },
          },
          // Refused with a day and a reason written: sent again as they are, or changed.
          refused: { on: { ...writingEvents, 'extend.confirmed': 'saving' } },
          saveFailed: {
            tags: ['error'],
            on: { 'extend.retried': 'saving', 'extend.cancelled': 'browsing' },
          },
          extended: { on: browsingEvents },
        },
      },
      ...loadEndings('members.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
