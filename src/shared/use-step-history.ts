import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

interface StepState {
  step?: string
  /** This entry was pushed by going on from the step before. */
  stepPushed?: boolean
}

/** The step a history entry was left on: its mark, or the first step for an unmarked entry. */
export const entryStepOf = (state: unknown, first: string): string =>
  (state as StepState | null)?.step ?? first

/**
 * A wizard's steps as history entries, as people expect of pages: going on pushes an entry
 * marked with the new step, so the browser's Back shows the step before (`goBack`, the flow's
 * own Previous); Previous goes back over the entry it pushed. The mark stays in the entry, so a
 * reload knows the step (the page resumes there if the answers allow). Forward to a step the
 * flow has not reached again is left alone: Continue checks the answers first.
 */
export function useStepHistory(steps: readonly string[], step: string, goBack: () => void) {
  const location = useLocation()
  const navigate = useNavigate()
  const first = steps[0] ?? ''
  const entryStep = entryStepOf(location.state, first)
  const latest = useRef({ goBack, location })
  latest.current = { goBack, location }
  const was = useRef({ step, entryStep })

  useEffect(() => {
    const before = was.current
    was.current = { step, entryStep }
    const at = (name: string) => steps.indexOf(name)
    const { location: here } = latest.current
    const state = (here.state as StepState | null) ?? {}
    if (step !== before.step) {
      // The flow moved: the history follows.
      if (step === entryStep) return
      if (at(step) > at(before.step)) {
        navigate(here, { state: { ...state, step, stepPushed: true } })
      } else if (state.stepPushed && entryStep === before.step) {
        navigate(-1)
      } else {
        navigate(here, { replace: true, state: { ...state, step } })
      }
    } else if (entryStep !== before.entryStep && at(entryStep) < at(step)) {
      // Back, to the step before: the flow follows.
      latest.current.goBack()
    }
  }, [step, entryStep, steps, navigate])
}
