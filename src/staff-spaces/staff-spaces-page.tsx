import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import {
  SPACE_CAPACITY_MAX,
  SPACE_NAME_MAX_LENGTH,
  type SpaceKind,
  spaceFormProblems,
} from '../../machines/rules/space-form'
import { staffSpacesActors } from '../../machines/staff-spaces/actors'
import { type StaffSpace, staffSpacesMachine } from '../../machines/staff-spaces/machine'
import {
  kindWords,
  perWhat,
  SPACE_KINDS,
  savedMessage,
  spaceLine,
} from '../../machines/staff-spaces/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { useStaffStates } from '../member-flow'
import { DoneLine, Field, onSubmitted, RefusedLine, textInput } from '../shared/form-fields'
import { card, LoadNotice, LoadStatus } from '../shared/member-page'
import {
  NotReached,
  StaffPage,
  SubmitOrCancel,
  staffCard,
  staffColumn,
  staffFlowPage,
} from '../shared/staff-page'

/** /staff/spaces: the co-working spaces and studio items; add one, change one, hide one. */
export default staffFlowPage(
  staffSpacesMachine,
  staffSpacesActors,
  'Could not load or save the spaces',
  StaffSpacesView,
  'error',
)

type SpacesRef = ActorRefFrom<typeof staffSpacesMachine>

const TITLE = 'Spaces and studio items'

export function StaffSpacesView({ actorRef }: { actorRef: SpacesRef }) {
  const { load, forbidden, ready } = useStaffStates(actorRef)
  return (
    <StaffPage
      title={TITLE}
      forbidden={forbidden}
      lead="What people book by the day and by the session. A hidden one is offered to nobody; its bookings stay."
    >
      <LoadStatus
        {...load}
        what="the spaces"
        onRetry={() => actorRef.send({ type: 'spaces.retried' })}
      />
      {ready &&
        SPACE_KINDS.map(({ kind }) => <KindSection key={kind} actorRef={actorRef} kind={kind} />)}
    </StaffPage>
  )
}

function KindSection({ actorRef, kind }: { actorRef: SpacesRef; kind: SpaceKind }) {
  const words = kindWords(kind)
  const headingId = useId()
  const spaces = useSelector(actorRef, (s) => s.context.spaces.filter((sp) => sp.kind === kind))
  const adding = useSelector(
    actorRef,
    (s) => s.context.chosen === null && s.context.kind === kind && isWriting(s),
  )
  const browsing = useSelector(
    actorRef,
    (s) => s.matches({ ready: 'browsing' }) || s.matches({ ready: 'saved' }),
  )
  return (
    <section aria-labelledby={headingId} className={cx(staffColumn, css({ mt: '6' }))}>
      <div className={flex({ align: 'center', justify: 'space-between', gap: '3', wrap: 'wrap' })}>
        <h2
          id={headingId}
          className={css({ fontFamily: 'display', fontSize: '2xl', lineHeight: 'tight' })}
        >
          {words.title}
        </h2>
        {browsing && (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'md' })}
            onClick={() => actorRef.send({ type: 'space.addOpened', kind })}
          >
            {words.add}
          </button>
        )}
      </div>
      {adding && (
        <div className={cx(card, css({ px: { base: '4', md: '5' }, py: '4' }))}>
          <SpaceForm actorRef={actorRef} />
        </div>
      )}
      {spaces.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>None yet.</p>
      ) : (
        <ul className={cx(staffColumn, css({ listStyle: 'none' }))}>
          {spaces.map((space) => (
            <SpaceRow key={space.id} actorRef={actorRef} space={space} />
          ))}
        </ul>
      )}
    </section>
  )
}

const isWriting = (s: ReturnType<SpacesRef['getSnapshot']>) =>
  (['editing', 'saving', 'refused', 'saveFailed'] as const).some((name) =>
    s.matches({ ready: name }),
  )

function SpaceRow({ actorRef, space }: { actorRef: SpacesRef; space: StaffSpace }) {
  const chosen = useSelector(actorRef, (s) => s.context.chosen === space.id)
  const editing = useSelector(actorRef, (s) => chosen && isWriting(s))
  const saved = useSelector(
    actorRef,
    (s) => s.context.saved === space.id && s.matches({ ready: 'saved' }),
  )
  const browsing = useSelector(
    actorRef,
    (s) => s.matches({ ready: 'browsing' }) || s.matches({ ready: 'saved' }),
  )
  return (
    <li className={staffCard}>
      <div className={flex({ align: 'baseline', justify: 'space-between', gap: '3' })}>
        <p className={css({ fontWeight: 'semibold', fontSize: 'lg', minW: '0' })}>{space.name}</p>
        <span
          className={cx(
            badge({ tone: space.bookable ? 'free' : 'neutral' }),
            css({ flexShrink: 0 }),
          )}
        >
          {space.bookable ? 'Offered' : 'Hidden'}
        </span>
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{spaceLine(space)}</p>
      {saved && <DoneLine>{savedMessage(space)}</DoneLine>}
      {browsing && (
        <button
          type="button"
          aria-label={`Change ${space.name}`}
          className={cx(button({ variant: 'outline', size: 'md' }), css({ justifySelf: 'start' }))}
          onClick={() => actorRef.send({ type: 'space.editOpened', id: space.id })}
        >
          Change
        </button>
      )}
      {editing && <SpaceForm actorRef={actorRef} />}
    </li>
  )
}

/** The form of the space or item being added or changed, and its save. */
function SpaceForm({ actorRef }: { actorRef: SpacesRef }) {
  const state = useSelector(actorRef, (s) => s)
  const nameId = useId()
  const capacityId = useId()
  const { form, kind, chosen, showProblems, refusal } = state.context
  const words = kindWords(kind)
  const send = actorRef.send
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what={`the ${words.one}`} />
  const busy = state.hasTag('busy')
  const failed = state.matches({ ready: 'saveFailed' })
  const problems = showProblems ? spaceFormProblems(form, kind) : {}
  const problemText = (id: string, problem: string | undefined) =>
    problem && (
      <p id={`${id}-problem`} className={css({ fontSize: 'sm', color: 'berry.600' })}>
        {problem}
      </p>
    )
  return (
    <form
      aria-label={chosen === null ? `New ${words.one}` : `Change ${form.name || words.one}`}
      noValidate
      className={cx(
        staffColumn,
        chosen !== null && css({ borderTopWidth: '1px', borderColor: 'sand.200', pt: '3' }),
      )}
      onSubmit={onSubmitted(() => send({ type: failed ? 'save.retried' : 'form.submitted' }))}
    >
      <Field label="Name, as people see it" htmlFor={nameId}>
        <input
          id={nameId}
          value={form.name}
          maxLength={SPACE_NAME_MAX_LENGTH}
          readOnly={busy}
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={problems.name ? `${nameId}-problem` : undefined}
          onChange={(e) => send({ type: 'field.changed', field: 'name', value: e.target.value })}
          className={textInput}
        />
        {problemText(nameId, problems.name)}
      </Field>
      <Field label={`Places ${perWhat(kind)}`} htmlFor={capacityId}>
        <input
          id={capacityId}
          value={form.capacity}
          inputMode="numeric"
          max={SPACE_CAPACITY_MAX}
          readOnly={busy}
          aria-invalid={problems.capacity ? true : undefined}
          aria-describedby={problems.capacity ? `${capacityId}-problem` : undefined}
          onChange={(e) =>
            send({ type: 'field.changed', field: 'capacity', value: e.target.value })
          }
          className={cx(textInput, css({ maxW: '10rem' }))}
        />
        {problemText(capacityId, problems.capacity)}
      </Field>
      <label className={flex({ align: 'center', gap: '3', minH: '11', cursor: 'pointer' })}>
        <input
          type="checkbox"
          checked={form.bookable}
          disabled={busy}
          onChange={(e) =>
            send({ type: 'field.changed', field: 'bookable', value: e.target.checked })
          }
          className={css({ w: '5', h: '5', accentColor: 'clay.600' })}
        />
        Offered for booking
      </label>
      {state.matches({ ready: 'refused' }) && <RefusedLine>{refusal}</RefusedLine>}
      {failed && <NotReached nothingWas="saved" then="save" />}
      <SubmitOrCancel
        label={chosen === null ? words.add : 'Save'}
        busyLabel="Saving…"
        busy={busy}
        onCancel={() => send({ type: 'edit.cancelled' })}
      />
    </form>
  )
}
