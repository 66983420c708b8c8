import { describe, expect, it } from 'vitest'
import { catalogue } from '../../machines/index'
import { coverageOf, pathsOf, replay } from '../support/model-harness'

describe.each(catalogue.map((model) => [model.machine.id, model] as const))('%s', (_id, model) => {
  const paths = pathsOf(model)

  it.each(paths.map((p) => [`${p.input}: ${p.path.description}`, p] as const))(
    '%s',
    async (_name, { input, path }) => {
      await replay(model, input, path)
    },
  )

  it('walks every state and every transition', async () => {
    const coverage = await coverageOf(model)
    const missing = {
      states: coverage.states.all.filter((s) => !coverage.states.covered.includes(s)),
      transitions: coverage.transitions.all.filter(
        (t) => !coverage.transitions.covered.includes(t),
      ),
    }
    expect(missing).toEqual({ states: [], transitions: [] })
  })
})
