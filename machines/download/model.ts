import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type DownloadedFile, downloadMachine } from './machine'

const file: DownloadedFile = {
  fileName: 'open-studio-weekend-guests.csv',
  file: new Blob(['\uFEFF"Day","Time","Name"\r\n'], { type: 'text/csv' }),
}

/** Where the two spreadsheets start: an event's guest list, a day's bookings. */
export const DOWNLOAD_INPUTS = {
  'Open Studio Weekend': { ask: { kind: 'guests', eventId: 'open-studio-weekend' } },
  "Tuesday's bookings": { ask: { kind: 'bookings', date: '2026-11-24' } },
} as const

export const downloadModel = defineModel(downloadMachine, {
  description:
    "Staff download a spreadsheet: an event's guest list (every day or one) or a day's bookings; a lost answer can be asked again; a 401 ends the session, a 403 says it is not for this role.",
  inputs: DOWNLOAD_INPUTS,
  events: {
    'day.chosen': [{ day: '2026-12-05' }, { day: null }],
    'download.pressed': [{}],
    ...callEndings('downloadFile', [file], [sessionEnded, connectionLost, notStaff]),
  },
})
