import { fromPromise, type NonReducibleUnknown } from 'xstate'

/**
 * A call as a flow's setup() declares it: typed, and failing until the page provides the real
 * one (the flow's actors.ts), so a machine run without it says which call is missing.
 */
export const callStub = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`)
  })
