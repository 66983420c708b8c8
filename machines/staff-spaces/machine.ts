import { assign, setup } from 'xstate'
import type { components } from '../../openapi/client'
import { isStatus } from '../calls/booking'
import { callState } from '../calls/call-state'
import { loadCallActions, loadEndings } from '../calls/member'
import { staffGuards, staffReadFailed, staffTypes, writeFailed } from '../calls/staff'
import { callStub } from '../calls/stub'
import { keepRefusal } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import {
  draftOfSpace,
  emptySpaceForm,
  formOfSpace,
  type SpaceDraft,
  type SpaceForm,
  type SpaceFormField,
  type SpaceKind,
  spaceFormProblems,
} from '../rules/space-form'

export type StaffSpace = components['schemas']['StaffSpace']

/** A save: a new space or item (`id` null, with its kind), or a change to one. */
export interface SpaceSave {
  id: string | null
  kind: SpaceKind
  draft: SpaceDraft
}

export interface StaffSpacesContext {
  spaces: StaffSpace[]
  /** The space or item being edited, by id; null while adding one. */
  chosen: string | null
  /** The kind being added or edited. */
  kind: SpaceKind
  form: SpaceForm
  /** Save was pressed with problems: the form says them beside their fields. */
  showProblems: boolean
  /** Why the server refused (a name taken, a capacity below what is booked). */
  refusal: string | null
  /** The space or item saved last, by id, for the list to say so. */
  saved: string | null
}

export type StaffSpacesEvent =
  | { type: 'spaces.retried' }
  | { type: 'space.addOpened'; kind: SpaceKind }
  | { type: 'space.editOpened'; id: string }
  | { type: 'field.changed'; field: SpaceFormField; value: string | boolean }
  | { type: 'form.submitted' }
  | { type: 'save.retried' }
  | { type: 'edit.cancelled' }

const browsingEvents = {
  'space.addOpened': { target: 'editing', actions: 'startAdding' },
  'space.editOpened': { target: 'editing', actions: 'startEditing' },
} as const

// Writing the form, first or again after a refusal.
const writingEvents = {
  'field.changed': { target: 'editing', actions: 'changeField' },
  'form.submitted': [
    { guard: 'hasProblems', target: 'editing', actions: 'showProblems' },
    { target: 'saving' },
  ],
  'edit.cancelled': 'browsing',
} as const

/**
 * /staff/spaces: the co-working spaces and print-studio items, hidden ones too. Staff add one, or
 * change one's name, places and whether it is offered for booking, in a form checked as they
 * type; a refusal (a name taken, fewer places than are booked) says why and can be changed; a
 * failed save can be sent again.
 */
export const staffSpacesMachine = onFirstUse(() =>
  setup({
    types: staffTypes<StaffSpacesContext, StaffSpacesEvent>(),
    actors: {
      listSpaces: callStub<StaffSpace[]>('listSpaces'),
      saveSpace: callStub<StaffSpace, SpaceSave>('saveSpace'),
    },
    actions: {
      ...loadCallActions,
      startAdding: assign(({ event }) => ({
        chosen: null,
        kind: event.type === 'space.addOpened' ? event.kind : 'coworking',
        form: emptySpaceForm(),
        showProblems: false,
        refusal: null,
        saved: null,
      })),
      startEditing: assign(({ context, event }) => {
        const space = context.spaces.find(
          (s) => event.type === 'space.editOpened' && s.id === event.id,
        )
        return space
          ? {
              chosen: space.id,
              kind: space.kind,
              form: formOfSpace(space),
              showProblems: false,
              refusal: null,
              saved: null,
            }
          : {}
      }),
      changeField: assign(({ context, event }) =>
        event.type === 'field.changed'
          ? { form: { ...context.form, [event.field]: event.value }, refusal: null }
          : {},
      ),
      showProblems: assign({ showProblems: true }),
      keepRefusal: keepRefusal(),
    },
    guards: {
      ...staffGuards,
      hasProblems: ({ context }) =>
        Object.keys(spaceFormProblems(context.form, context.kind)).length > 0,
      // 400, 409: the server says what to change (a name taken, fewer places than booked).
      isRefusal: isStatus(400, 409),
    },
  }).createMachine({
    id: 'staffSpaces',
    context: {
      spaces: [],
      chosen: null,
      kind: 'coworking',
      form: emptySpaceForm(),
      showProblems: false,
      refusal: null,
      saved: null,
    },
    initial: 'loading',
    states: {
      loading: callState('listSpaces', {
        keep: 'spaces',
        target: 'ready',
        onError: staffReadFailed,
      }),
      ready: {
        initial: 'browsing',
        states: {
          browsing: { on: browsingEvents },
          editing: { on: writingEvents },
          saving: {
            tags: ['busy'],
            invoke: {
              id: 'saveSpace',
              src: 'saveSpace',
              input: ({ context }) => ({
                id: context.chosen,
                kind: context.kind,
                draft: draftOfSpace(context.form),
              }),
              onDone: {
                target: 'saved',
                actions: assign(({ context, event }) => {
                  const space = event.output
                  const known = context.spaces.some((s) => s.id === space.id)
                  return {
                    spaces: known
                      ? context.spaces.map((s) => (s.id === space.id ? space : s))
                      : [...context.spaces, space],
                    chosen: space.id,
                    saved: space.id,
                  }
                }),
              },
              onError: writeFailed('staffSpaces', {
                refusal: 'isRefusal',
                keep: 'keepRefusal',
                refused: 'refused',
                failed: 'saveFailed',
              }),
            },
          },
          // Refused with the form as written (no problems in it): sent again as it is, or changed.
          refused: { on: { ...writingEvents, 'form.submitted': 'saving' } },
          saveFailed: {
            tags: ['error'],
            on: { 'save.retried': 'saving', 'edit.cancelled': 'browsing' },
          },
          saved: { on: browsingEvents },
        },
      },
      ...loadEndings('spaces.retried'),
      forbidden: { tags: ['forbidden'] },
    },
  }),
)
