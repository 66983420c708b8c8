import { assign, fromPromise, setup } from 'xstate'
import { ApiError, type components } from '../../openapi/client'
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
  error instanceof ApiError ? error.message : 'We could not reach the server. Please try again.'

const isDeadToken = (error: unknown) => error instanceof ApiError && error.status === 401

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
        | { type: 'form.changed'; field: DraftField; value: string }
        | { type: 'form.submitted' }
        | { type: 'picture.chosen'; file: Blob }
        | { type: 'picture.removed' }
        | { type: 'profile.retry' },
      tags: {} as 'busy' | 'error' | 'saving' | 'picture',
    },
    actors: {
      loadProfile: fromPromise<Account>(async () => {
        throw new Error('loadProfile is not provided')
      }),
      saveProfile: fromPromise<Account, Changes>(async () => {
        throw new Error('saveProfile is not provided')
      }),
      uploadPicture: fromPromise<Account, { file: Blob }>(async () => {
        throw new Error('uploadPicture is not provided')
      }),
      removePicture: fromPromise<Account>(async () => {
        throw new Error('removePicture is not provided')
      }),
    },
    actions: {
      notifySessionExpired: () => {},
      /** The rest of the app (the menu's name and avatar) reads the profile again. */
      notifyProfileChanged: () => {},
      logError: (_, _params: { error: unknown }) => {},
    },
    guards: {
      isSessionExpired: (_, params: { error: unknown }) => isDeadToken(params.error),
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
          onError: [
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          ],
        },
      },
      failed: { tags: ['error'], on: { 'profile.retry': 'loading' } },
      sessionExpired: { tags: ['error'] },
      editing: {
        on: {
          'form.changed': {
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
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              target: 'editing',
              actions: [
                assign({ error: ({ event }) => messageOf(event.error) }),
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
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
          onDone: {
            target: 'editing',
            actions: [
              assign({ account: ({ event }) => event.output, notice: 'pictureUploaded' }),
              'notifyProfileChanged',
            ],
          },
          onError: [
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              target: 'editing',
              actions: assign({ pictureError: ({ event }) => messageOf(event.error) }),
            },
          ],
        },
      },
      removing: {
        tags: ['picture'],
        entry: assign({ pictureError: null, notice: null }),
        invoke: {
          id: 'removePicture',
          src: 'removePicture',
          onDone: {
            target: 'editing',
            actions: [
              assign({ account: ({ event }) => event.output, notice: 'pictureRemoved' }),
              'notifyProfileChanged',
            ],
          },
          onError: [
            {
              guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
              target: 'sessionExpired',
              actions: 'notifySessionExpired',
            },
            {
              target: 'editing',
              actions: assign({ pictureError: ({ event }) => messageOf(event.error) }),
            },
          ],
        },
      },
    },
  }),
)
