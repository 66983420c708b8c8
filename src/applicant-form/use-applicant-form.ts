import { useSelector } from '@xstate/react'
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate'
import type { applicantFormMachine } from '../../machines/applicant-form/machine'

type FormRef = ActorRefFrom<typeof applicantFormMachine>
type FormContext = SnapshotFrom<typeof applicantFormMachine>['context']

/**
 * The applicant form a flow runs (its child `applicantForm`): its state, and how to send it
 * events; while none runs (the answers are being sent), the flow's held form, shown not edited.
 */
export function useApplicantForm<TSnapshot extends { children: object }>(
  flow: Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): TSnapshot },
  held: (snapshot: TSnapshot) => FormContext,
) {
  const formRef = useSelector(
    flow,
    (snapshot) => (snapshot.children as { applicantForm?: FormRef }).applicantForm,
  )
  const live = useSelector(formRef, (snapshot) => snapshot?.context)
  const heldForm = useSelector(flow, held)
  const canGoOn = useSelector(formRef, (s) => s?.can({ type: 'form.submitted' }) ?? false)
  const canGoBack = useSelector(formRef, (s) => s?.can({ type: 'step.movedBack' }) ?? false)
  return {
    form: live ?? heldForm,
    send: formRef?.send,
    canGoOn,
    canGoBack,
    submit: () => formRef?.send({ type: 'form.submitted' }),
    back: () => formRef?.send({ type: 'step.movedBack' }),
  }
}
