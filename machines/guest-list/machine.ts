import { assign, setup } from 'xstate'
import { logCallError } from '../calls/booking'
import { expiredOn401 } from '../calls/session'
import { refusedOn403, staffGuards, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

/** A downloaded spreadsheet: its name, as the server gave it, and its bytes. */
export interface GuestListFile {
  fileName: string
  file: Blob
}

export interface GuestListContext {
  eventId: string
  /** The one day asked for; null for every day of the event. */
  day: string | null
  /** The last file saved, by name. */
  saved: string | null
}

type GuestListEvent = { type: 'day.chosen'; day: string | null } | { type: 'download.pressed' }

/** Where the form is shown: a day may be chosen, and the file asked for. */
const choosing = {
  'day.chosen': { actions: 'keepDay' },
  'download.pressed': 'downloading',
} as const

/**
 * An event's guest list, downloaded by a manager from the event's page: every day or one,
 * read from the server as a CSV file and handed to the browser to save (`saveFile`).
 */
export const guestListMachine = onFirstUse(() =>
  setup({
    types: {
      ...staffTypes<GuestListContext, GuestListEvent>(),
      input: {} as { eventId: string },
    },
    actors: {
      downloadGuestList: callStub<GuestListFile, { eventId: string; day: string | null }>(
        'downloadGuestList',
      ),
    },
    actions: {
      logError: (_: unknown, _params: { error: unknown }) => {},
      saveFile: (_: unknown, _params: GuestListFile) => {},
      keepDay: assign({
        day: ({ event }) => (event.type === 'day.chosen' ? event.day : null),
      }),
    },
    guards: staffGuards,
  }).createMachine({
    id: 'guestList',
    context: ({ input }) => ({ eventId: input.eventId, day: null, saved: null }),
    initial: 'idle',
    states: {
      idle: { on: choosing },
      // The day stays as it was asked while the file is read.
      downloading: {
        tags: 'busy',
        invoke: {
          src: 'downloadGuestList',
          id: 'downloadGuestList',
          input: ({ context }) => ({ eventId: context.eventId, day: context.day }),
          onDone: {
            target: 'saved',
            actions: [
              { type: 'saveFile', params: ({ event }) => event.output },
              assign({ saved: ({ event }) => event.output.fileName }),
            ],
          },
          onError: [expiredOn401, refusedOn403, { target: 'failed', actions: logCallError }],
        },
      },
      saved: { on: choosing },
      failed: { tags: 'error', on: choosing },
      sessionExpired: { tags: 'expired' },
      forbidden: { tags: 'forbidden' },
    },
  }),
)
