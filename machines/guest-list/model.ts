import { connectionLost, notStaff, sessionEnded } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type GuestListFile, guestListMachine } from './machine'

const file: GuestListFile = {
  fileName: 'open-studio-weekend-guests.csv',
  file: new Blob(['\uFEFF"Day","Time","Name"\r\n'], { type: 'text/csv' }),
}

export const guestListModel = defineModel(guestListMachine, {
  description:
    "A manager downloads an event's guest list, for every day or one; a lost answer can be asked again; a 401 ends the session, a 403 says it is for managers.",
  inputs: { 'Open Studio Weekend': { eventId: 'open-studio-weekend' } },
  events: {
    'day.chosen': [{ day: '2026-12-05' }, { day: null }],
    'download.pressed': [{}],
    ...callEndings('downloadGuestList', [file], [sessionEnded, connectionLost, notStaff]),
  },
})
