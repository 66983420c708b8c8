import { assign, enqueueActions, raise, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { isStatus, logCallError } from '../calls/booking'
import { callState } from '../calls/call-state'
import { expiredOn401In, loadCallActions, loadEndings } from '../calls/member'
import {
  refusedOn403,
  type StaffTag,
  staffGuards,
  staffRecordReadFailed,
  writeFailed,
} from '../calls/staff'
import { callStub } from '../calls/stub'
import { keepRefusal, refusalOf } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import {
  draftOf,
  type EventDraft,
  type EventForm,
  type EventFormField,
  emptyEventForm,
  eventFormProblems,
  formOf,
} from '../rules/event-draft'
import { firstProblemField } from './selectors'

export type StaffEvent = components['schemas']['StaffEvent']
export type StaffWaitlist = components['schemas']['StaffWaitlist']

export type EventEditorEvent =
  | { type: 'editor.retried' }
  | { type: 'field.changed'; field: EventFormField; value: string | boolean }
  | { type: 'form.submitted' }
  | { type: 'save.retried' }
  | { type: 'poster.chosen'; file: Blob }
  | { type: 'poster.retried' }
  | { type: 'waitlist.refreshed' }

export interface EventEditorContext {
  /** The event's id; null until a new one is saved. */
  id: string | null
  form: EventForm
  /** The event as the server last answered it. */
  event: StaffEvent | null
  /** Save was pressed with problems: the form says them beside their fields. */
  showProblems: boolean
  /** Why the server refused the save (a title taken, a capacity below what is booked). */
  refusal: string | null
  /** The poster chosen last, kept to send again after a failed upload. */
  file: Blob | null
  /** Why the server refused the poster (not an image, too large). */
  posterRefusal: string | null
  /** Who waits for a place, by day and slot, as last read; null until read. */
  waitlist: StaffWaitlist | null
}

// A save or a poster refused: the server says what to change (a 4xx, see isRefusal).
const callFailed = (refused: string, failed: string, keep: 'keepRefusal' | 'keepPosterRefusal') =>
  writeFailed('eventEditor', { refusal: 'isRefusal', keep, refused, failed })

/**
 * /staff/events/new and /staff/events/:id: an event's every field, checked as staff type and
 * saved in one call (created, or changed); once it exists, its poster, chosen from the phone's
 * camera roll, is uploaded beside the form, and its waitlist (who waits for a sold-out day and
 * slot, who was offered a place) is read beside it, again after each save (a capacity raised
 * offers places) or when staff ask. A refused save or poster says why in the server's words; a
 * failed one can be sent again.
 */
export const eventEditorMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as EventEditorContext,
      input: {} as { id: string | null },
      events: {} as EventEditorEvent,
      tags: {} as StaffTag | 'missing' | 'saving' | 'uploading',
    },
    actors: {
      loadEvent: callStub<StaffEvent, { id: string }>('loadEvent'),
      saveEvent: callStub<StaffEvent, { id: string | null; draft: EventDraft }>('saveEvent'),
      uploadPoster: callStub<StaffEvent, { id: string; file: Blob }>('uploadPoster'),
      loadWaitlist: callStub<StaffWaitlist, { id: string }>('loadWaitlist'),
    },
    actions: {
      ...loadCallActions,
      takeEvent: assign((_, params: { event: StaffEvent }) => ({
        event: params.event,
        id: params.event.id,
      })),
      /** A save answered: the event as the server has it, the form's messages gone. */
      keepSaved: assign((_, params: { event: StaffEvent }) => ({
        event: params.event,
        id: params.event.id,
        showProblems: false,
        refusal: null,
      })),
      keepRefusal: keepRefusal(),
      /** A new event saved: its address (/staff/events/:id) replaces /new's. */
      navigateToSavedEvent: (_, _params: { id: string }) => {},
      /** Takes staff to a field (the first that needs a change, after a save with problems). */
      focusField: (_, _params: { field: EventFormField | null }) => {},
      keepPosterRefusal: assign((_, params: { error: unknown }) => ({
        posterRefusal: refusalOf(params.error),
      })),
      changeField: assign(({ context, event }) =>
        event.type === 'field.changed'
          ? { form: { ...context.form, [event.field]: event.value }, refusal: null }
          : {},
      ),
    },
    guards: {
      ...staffGuards,
      isExisting: ({ context }) => context.id !== null,
      isNotFound: isStatus(404),
      // 400, 409, 413, 415: the server says what to change.
      isRefusal: isStatus(400, 409, 413, 415),
      hasProblems: ({ context }) => Object.keys(eventFormProblems(context.form)).length > 0,
      isSaved: ({ context }) => context.id !== null,
    },
  }).createMachine({
    id: 'eventEditor',
    context: ({ input }) => ({
      id: input.id,
      form: emptyEventForm(),
      event: null,
      showProblems: false,
      refusal: null,
      file: null,
      posterRefusal: null,
      waitlist: null,
    }),
    initial: 'opening',
    states: {
      opening: { always: [{ guard: 'isExisting', target: 'loading' }, { target: 'ready' }] },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadEvent',
          src: 'loadEvent',
          input: ({ context }) => ({ id: context.id ?? '' }),
          onDone: {
            target: 'ready',
            actions: [
              { type: 'takeEvent', params: ({ event }) => ({ event: event.output }) },
              assign({ form: ({ event }) => formOf(event.output.draft) }),
            ],
          },
          onError: staffRecordReadFailed,
        },
      },
      ready: {
        type: 'parallel',
        states: {
          form: {
            initial: 'editing',
            on: { 'field.changed': { target: '.editing', actions: 'changeField' } },
            states: {
              editing: {
                on: {
                  'form.submitted': [
                    {
                      guard: 'hasProblems',
                      actions: [
                        assign({ showProblems: true }),
                        {
                          type: 'focusField',
                          params: ({ context }) => ({ field: firstProblemField(context.form) }),
                        },
                      ],
                    },
                    { target: 'saving' },
                  ],
                },
              },
              saving: {
                tags: ['busy', 'saving'],
                on: { 'field.changed': {} },
                invoke: {
                  id: 'saveEvent',
                  src: 'saveEvent',
                  input: ({ context }) => ({ id: context.id, draft: draftOf(context.form) }),
                  onDone: {
                    target: 'saved',
                    actions: [
                      // A new event, once saved, has its own address: a reload opens it.
                      enqueueActions(({ check, enqueue, event }) => {
                        if (!check('isSaved'))
                          enqueue({ type: 'navigateToSavedEvent', params: { id: event.output.id } })
                      }),
                      { type: 'keepSaved', params: ({ event }) => ({ event: event.output }) },
                      // A raised capacity offers places to people waiting: read them again.
                      raise({ type: 'waitlist.refreshed' }),
                    ],
                  },
                  onError: callFailed('refused', 'saveFailed', 'keepRefusal'),
                },
              },
              saved: {},
              refused: {},
              saveFailed: { tags: ['error'], on: { 'save.retried': 'saving' } },
            },
          },
          poster: {
            initial: 'idle',
            states: {
              idle: {},
              uploading: {
                tags: ['busy', 'uploading'],
                on: { 'poster.chosen': {} },
                invoke: {
                  id: 'uploadPoster',
                  src: 'uploadPoster',
                  input: ({ context }) => ({
                    id: context.id ?? '',
                    file: context.file ?? new Blob(),
                  }),
                  onDone: {
                    target: 'uploaded',
                    actions: {
                      type: 'takeEvent',
                      params: ({ event }) => ({ event: event.output }),
                    },
                  },
                  onError: callFailed('rejected', 'uploadFailed', 'keepPosterRefusal'),
                },
              },
              uploaded: {},
              rejected: {},
              uploadFailed: { tags: ['error'], on: { 'poster.retried': 'uploading' } },
            },
            on: {
              // Only an event that exists has a poster (not while one is on its way: above).
              'poster.chosen': {
                guard: 'isSaved',
                target: '.uploading',
                actions: assign({ file: ({ event }) => event.file, posterRefusal: null }),
              },
            },
          },
          waitlist: {
            initial: 'opening',
            states: {
              // A new event has nobody waiting (nor once it is saved: nothing is sold out yet).
              opening: { always: [{ guard: 'isSaved', target: 'loading' }, { target: 'none' }] },
              none: {},
              loading: callState('loadWaitlist', {
                tags: [],
                input: ({ context }) => ({ id: context.id ?? '' }),
                keep: 'waitlist',
                target: 'shown',
                onError: [
                  expiredOn401In('eventEditor'),
                  { ...refusedOn403, target: '#eventEditor.forbidden' },
                  { target: 'failed', actions: logCallError },
                ],
              }),
              shown: { on: { 'waitlist.refreshed': 'loading' } },
              failed: { tags: ['error'], on: { 'waitlist.refreshed': 'loading' } },
            },
          },
        },
      },
      ...loadEndings('editor.retried'),
      missing: { tags: ['missing'] },
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
