import { assign, setup } from 'xstate'
import { logCallError } from '../calls/booking'
import { expiredOn401 } from '../calls/session'
import { refusedOn403, staffGuards, staffTypes } from '../calls/staff'
import { callStub } from '../calls/stub'
import { onFirstUse } from '../on-first-use'

/** A spreadsheet the staff download: an event's guest list, or a day's bookings. */
export type DownloadAsk = { kind: 'guests'; eventId: string } | { kind: 'bookings'; date: string }

/** A downloaded spreadsheet: its name, as the server gave it, and its bytes. */
export interface DownloadedFile {
  fileName: string
  file: Blob
}

export interface DownloadContext {
  ask: DownloadAsk
  /** The one day of the event asked for; null for every day (a guest list only). */
  day: string | null
  /** The last file saved, by name. */
  saved: string | null
}

type DownloadEvent = { type: 'day.chosen'; day: string | null } | { type: 'download.pressed' }

/** Where the form is shown: a day may be chosen (of an event's list), and the file asked for. */
const choosing = {
  'day.chosen': { guard: 'choosesDay', actions: 'keepDay' },
  'download.pressed': 'downloading',
} as const

/**
 * A staff spreadsheet downloaded from the page it belongs to (an event's guest list from the
 * event, a day's bookings from the day's list): read from the server as a CSV file and handed
 * to the browser to save (`saveFile`).
 */
export const downloadMachine = onFirstUse(() =>
  setup({
    types: {
      ...staffTypes<DownloadContext, DownloadEvent>(),
      input: {} as { ask: DownloadAsk },
    },
    actors: {
      downloadFile: callStub<DownloadedFile, { ask: DownloadAsk; day: string | null }>(
        'downloadFile',
      ),
    },
    actions: {
      logError: (_: unknown, _params: { error: unknown }) => {},
      saveFile: (_: unknown, _params: DownloadedFile) => {},
      keepDay: assign({
        day: ({ event }) => (event.type === 'day.chosen' ? event.day : null),
      }),
    },
    guards: {
      ...staffGuards,
      choosesDay: ({ context }) => context.ask.kind === 'guests',
    },
  }).createMachine({
    id: 'download',
    context: ({ input }) => ({ ask: input.ask, day: null, saved: null }),
    initial: 'idle',
    states: {
      idle: { on: choosing },
      // The day stays as it was asked while the file is read.
      downloading: {
        tags: 'busy',
        invoke: {
          src: 'downloadFile',
          id: 'downloadFile',
          input: ({ context }) => ({ ask: context.ask, day: context.day }),
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
