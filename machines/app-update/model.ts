import { defineModel } from '../flow-model'
import { appUpdateMachine } from './machine'

export const appUpdateModel = defineModel(appUpdateMachine, {
  description:
    'A new version of the app: offered while the old page works on; reload now (once the new worker is in charge) or later.',
  inputs: { 'a page of the old version': undefined },
})
