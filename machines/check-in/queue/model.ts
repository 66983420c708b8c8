import { connectionLost, sessionEnded } from '../../fixtures'
import { defineModel } from '../../flow-model'
import { CHECK_IN_ANSWERS, CHECK_IN_CODE } from '../model'
import { checkInQueueMachine, type DoorList, type DoorScanResult, type PhoneScan } from './machine'

const holder = CHECK_IN_ANSWERS.admitted.ticket

/** Today's list of two tickets, read at 10:42 in Lagos: one in, one not yet. */
export const DOOR_LIST: DoorList = {
  date: '2026-11-24',
  takenAt: '2026-11-24T09:42:00.000Z',
  tickets: [
    {
      codeHash: 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778',
      status: 'confirmed',
      ticket: holder as NonNullable<typeof holder>,
      checkedInAt: null,
      placesIn: 0,
    },
    {
      codeHash: '0c1d2e3f405162738495a6b7c8d9eafb0c1d2e3f405162738495a6b7c8d9eafb',
      status: 'confirmed',
      ticket: { ...(holder as NonNullable<typeof holder>), name: 'Ngozi Okafor-Eze' },
      checkedInAt: '2026-11-24T09:05:00.000Z',
      placesIn: 3,
    },
  ],
}

/** A party of three the phone let in with no connection, at 10:50. */
const LET_IN = {
  nonce: 'a1b2c3d4-0000-4000-8000-000000000001',
  code: CHECK_IN_CODE,
  scannedAt: '2026-11-24T09:50:00.000Z',
  offline: true,
  places: 3,
}

/** The phone opened with yesterday's list kept and one scan still to send. */
const KEPT_SCANS: PhoneScan[] = [{ ...LET_IN, shown: 'admitted', queued: true, placesIn: 3 }]

/** The server's answers to the phone's queue: as the door said, or otherwise. */
const SYNC_ANSWERS: DoorScanResult[][] = [
  [{ nonce: LET_IN.nonce, check: CHECK_IN_ANSWERS.admitted, door: null }],
  // Let in first on another phone while both were offline.
  [{ nonce: LET_IN.nonce, check: CHECK_IN_ANSWERS.already, door: 'Garden gate' }],
  // Cancelled after the list was taken.
  [{ nonce: LET_IN.nonce, check: CHECK_IN_ANSWERS.cancelled, door: null }],
]

export const checkInQueueModel = defineModel(checkInQueueMachine, {
  description:
    "The door's phone beside the check-in: it reads the day's list of tickets (again every minute, when the page is shown again and after a sync) and keeps the one it has when the network is down; the scans it let in without a connection wait in a queue, sent every few seconds and as soon as the browser is online, each applied once; a scan the server answers otherwise (let in first on another door, cancelled since) is reported until seen; a 401 or 403 stops it.",
  inputs: {
    'a phone opening the door': { door: "Oluwaseun's phone", kept: null },
    'a phone with a list and a scan to send': {
      door: "Oluwaseun's phone",
      kept: { list: DOOR_LIST, scans: KEPT_SCANS },
    },
  },
  events: {
    'scan.queued': [{ scan: LET_IN, shown: 'admitted', placesIn: 3 }],
    'scan.answered': [
      {
        scan: { ...LET_IN, nonce: 'a1b2c3d4-0000-4000-8000-000000000002', offline: false },
        shown: 'admitted',
        placesIn: 3,
      },
    ],
    'report.dismissed': [{ nonce: LET_IN.nonce }],
    'xstate.done.actor.loadDoorList': [{ output: DOOR_LIST }],
    'xstate.error.actor.loadDoorList': [connectionLost, sessionEnded],
    'xstate.done.actor.syncScans': SYNC_ANSWERS.map((output) => ({ output })),
    'xstate.error.actor.syncScans': [connectionLost, sessionEnded],
  },
  sendsWhen: (snapshot, event) => {
    // The phone's own scans grow with each: one queued and one answered show every state.
    if (['scan.queued', 'scan.answered'].includes(event.type)) {
      return (snapshot.context as { scans: unknown[] }).scans.length < 2
    }
    // The list's minute (or its retry) never passes while scans wait: their few seconds come first.
    if (event.type.startsWith('xstate.after.LIST_')) return !snapshot.matches({ queue: 'waiting' })
    return true
  },
})
