import { assign, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
import { errorParams, logCallError } from '../calls/booking'
import { expiredOrFailed, loadCallActions, loadEndings } from '../calls/member'
import { expiredOn401, sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { refusalWords } from '../calls/words'
import { onFirstUse } from '../on-first-use'
import {
  draftChanges,
  draftProblems,
  firstOf,
  type ProfileDraft,
  pictureProblem,
} from '../rules/profile'

type Account = components['schemas']['Account']
type Changes = ReturnType<typeof draftChanges>

/** What a person changed on the form: one field and its new text. */
export type DraftField = keyof ProfileDraft

/** What the last finished action did, for the page's success message. */
export type EditNotice = 'saved' | 'pictureUploaded' | 'pictureRemoved' | null

const draftOf = (account: Account): ProfileDraft => ({
  firstName: firstOf(account['First Name']),
  lastName: firstOf(account['Last Name']),
  phone: firstOf(account['Phone Number']),
})

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? refusalWords(error)
    : 'We could not reach the server. Please try again.'

/** A picture call refused: the session ends on a 401, else the refusal shows by the picture. */
const pictureFailed = [
  expiredOn401,
  { target: 'editing', actions: { type: 'showPictureError', params: errorParams } },
] as const

/** A picture call answered: the account as the server now has it, and the page's notice. */
const pictureChanged = (notice: EditNotice) =>
  ({
    target: 'editing',
    actions: [
      {
        type: 'keepAccount',
        params: ({ event }: { event: { output: Account } }) => ({ account: event.output, notice }),
      },
      'notifyProfileChanged',
    ],
  }) as const

/**
 * /profile/edit: first name, last name and phone, saved for real; the picture uploaded or
 * removed. Refusals (a file the server will not take, a phone it cannot read) are shown as the
 * server words them; a 401 ends the session out loud.
 */
export const profileEditMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as {
        account: Account | null
        draft: ProfileDraft
        saved: ProfileDraft
        notice: EditNotice
        /** Why the details could not be saved. */
        error: string | null
        /** Why the picture could not be changed. */
        pictureError: string | null
      },
      events: {} as
        | { type: 'field.changed'; field: DraftField; value: string }
        | { type: 'form.submitted' }
        | { type: 'picture.chosen'; file: Blob }
        | { type: 'picture.removed' }
        | { type: 'profile.retried' },
      tags: {} as 'busy' | 'error' | 'expired' | 'saving' | 'picture',
    },
    actors: {
      loadProfile: callStub<Account>('loadProfile'),
      saveProfile: callStub<Account, Changes>('saveProfile'),
      uploadPicture: callStub<Account, { file: Blob }>('uploadPicture'),
      removePicture: callStub<Account>('removePicture'),
    },
    actions: {
      /** The rest of the app (the menu's name and avatar) reads the profile again. */
      notifyProfileChanged: () => {},
      keepAccount: assign((_, params: { account: Account; notice: EditNotice }) => params),
      showPictureError: assign({
        pictureError: (_, params: { error: unknown }) => messageOf(params.error),
      }),
      ...loadCallActions,
    },
    guards: {
      ...sessionGuards,
      canSave: ({ context }) =>
        Object.keys(draftProblems(context.draft)).length === 0 &&
        Object.keys(draftChanges(context.draft, context.saved)).length > 0,
      isUsablePicture: (_, params: { file: Blob }) => pictureProblem(params.file) === null,
      hasPicture: ({ context }) => Boolean(context.account?.Picture),
    },
  }).createMachine({
    id: 'profileEdit',
    context: {
      account: null,
      draft: { firstName: '', lastName: '', phone: '' },
      saved: { firstName: '', lastName: '', phone: '' },
      notice: null,
      error: null,
      pictureError: null,
    },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadProfile',
          src: 'loadProfile',
          onDone: {
            target: 'editing',
            actions: assign({
              account: ({ event }) => event.output,
              draft: ({ event }) => draftOf(event.output),
              saved: ({ event }) => draftOf(event.output),
            }),
          },
          onError: expiredOrFailed,
        },
      },
      ...loadEndings('profile.retried'),
      editing: {
        on: {
          'field.changed': {
            actions: assign({
              draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
              notice: null,
              error: null,
            }),
          },
          'form.submitted': { guard: 'canSave', target: 'saving' },
          'picture.chosen': [
            {
              guard: { type: 'isUsablePicture', params: ({ event }) => ({ file: event.file }) },
              target: 'uploading',
            },
            {
              actions: assign({
                notice: null,
                pictureError: ({ event }) => pictureProblem(event.file),
              }),
            },
          ],
          'picture.removed': { guard: 'hasPicture', target: 'removing' },
        },
      },
      saving: {
        tags: ['saving'],
        invoke: {
          id: 'saveProfile',
          src: 'saveProfile',
          input: ({ context }) => draftChanges(context.draft, context.saved),
          onDone: {
            target: 'editing',
            actions: [
              assign({
                account: ({ event }) => event.output,
                draft: ({ event }) => draftOf(event.output),
                saved: ({ event }) => draftOf(event.output),
                notice: 'saved',
                error: null,
              }),
              'notifyProfileChanged',
            ],
          },
          onError: [
            expiredOn401,
            {
              target: 'editing',
              actions: [assign({ error: ({ event }) => messageOf(event.error) }), logCallError],
            },
          ],
        },
      },
      uploading: {
        tags: ['picture'],
        entry: assign({ pictureError: null, notice: null }),
        invoke: {
          id: 'uploadPicture',
          src: 'uploadPicture',
          input: ({ event }) => ({ file: (event as { file: Blob }).file }),
          onDone: pictureChanged('pictureUploaded'),
          onError: pictureFailed,
        },
      },
      removing: {
        tags: ['picture'],
        entry: assign({ pictureError: null, notice: null }),
        invoke: {
          id: 'removePicture',
          src: 'removePicture',
          onDone: pictureChanged('pictureRemoved'),
          onError: pictureFailed,
        },
      },
    },
  }),
)
