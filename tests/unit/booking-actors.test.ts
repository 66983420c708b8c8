import { expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { checkoutActors } from '../../machines/checkout/actors'
import { checkoutMachine } from '../../machines/checkout/machine'
import { coworkingActors } from '../../machines/coworking/actors'
import { coworkingMachine } from '../../machines/coworking/machine'
import { printStudioActors } from '../../machines/print-studio/actors'
import { printStudioMachine } from '../../machines/print-studio/machine'
import { rsvpActors } from '../../machines/rsvp/actors'
import { rsvpMachine } from '../../machines/rsvp/machine'
import { studioRebookActors } from '../../machines/studio-rebook/actors'
import { studioRebookMachine } from '../../machines/studio-rebook/machine'
import type { Api } from '../../openapi/client'

// A machine declares each of its actors as a stub that throws; the page provides the real ones.
// One left out is only found when the page calls it (a wallet read that always 'failed').
const api = {} as Api

it.each([
  ['checkout', checkoutMachine, checkoutActors(api)],
  ['rsvp', rsvpMachine, rsvpActors(api)],
  ['coworking', coworkingMachine, coworkingActors(api)],
  ['printStudio', printStudioMachine, printStudioActors(api)],
  ['studioRebook', studioRebookMachine, studioRebookActors(api)],
] as [string, AnyStateMachine, object][])(
  'the real actors of %s provide every actor its machine declares',
  (_id, machine, actors) => {
    const declared = Object.keys(machine.implementations.actors)
    expect(declared.filter((src) => !(src in actors))).toEqual([])
  },
)
