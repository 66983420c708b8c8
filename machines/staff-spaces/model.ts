import { ApiError } from '../../openapi/client'
import { connectionLost, notStaff, sessionEnded, staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { type StaffSpace, staffSpacesMachine } from './machine'

/** The demo data's Garden Room, as the staff's list shows it. */
export const gardenRoom: StaffSpace = {
  id: 'garden-room',
  kind: 'coworking',
  name: 'The Garden Room',
  capacity: 20,
  bookable: true,
  booked: 0,
}

/** A studio item staff add: the second press the studio bought. */
export const NEW_ITEM_NAME = 'Adana Letterpress No. 2'

export const newItem: StaffSpace = {
  id: 'adana-letterpress-no-2',
  kind: 'studio',
  name: NEW_ITEM_NAME,
  capacity: 2,
  bookable: true,
  booked: 0,
}

export const staffSpacesModel = defineModel(staffSpacesMachine, {
  description:
    "Staff see the co-working spaces and studio items (hidden ones too), add one or change one's name, places and whether it is offered, in a form that says what is missing; a refusal (a name taken, fewer places than are booked) says why and can be changed; a failed save can be sent again; a 401 ends the session, a 403 says it is for staff.",
  inputs: { 'front desk': undefined },
  events: {
    ...callEndings('listSpaces', [[gardenRoom]], staffReadFailures),
    'space.addOpened': [{ kind: 'studio' }],
    'space.editOpened': [{ id: gardenRoom.id }],
    'field.changed': [
      { field: 'name', value: NEW_ITEM_NAME },
      { field: 'capacity', value: '2' },
      { field: 'bookable', value: false },
      { field: 'capacity', value: '' },
    ],
    ...callEndings(
      'saveSpace',
      [newItem],
      [
        sessionEnded,
        connectionLost,
        notStaff,
        {
          error: new ApiError(
            409,
            'The Garden Room has 3 places booked on Tuesday, December 1, 2026: the capacity cannot be less than 3.',
          ),
        },
      ],
    ),
  },
})
