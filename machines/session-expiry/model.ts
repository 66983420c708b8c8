import { defineModel } from '../flow-model'
import { sessionExpiryMachine } from './machine'

export const sessionExpiryModel = defineModel(sessionExpiryMachine, {
  description:
    "A 401 shows 'Login session has expired'; 3 s later storage is cleared and /login opens.",
  inputs: { 'signed in': undefined },
})
