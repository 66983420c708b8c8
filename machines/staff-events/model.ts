import { SAVED_EVENT } from '../event-editor/model'
import { staffReadFailures } from '../fixtures'
import { callEndings, defineModel } from '../flow-model'
import { staffEventsMachine } from './machine'

export const staffEventsModel = defineModel(staffEventsMachine, {
  description:
    'Staff read every event, coming ones first, with its places booked (or none yet); a failed read can be retried; a 401 ends the session, a 403 says it is for staff.',
  inputs: { 'front desk': undefined },
  events: callEndings(
    'loadEvents',
    [[SAVED_EVENT, { ...SAVED_EVENT, id: 'film-night', past: true }], []],
    staffReadFailures,
  ),
})
