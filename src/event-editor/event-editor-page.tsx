import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { guestListDays } from '../../machines/download/selectors'
import { eventEditorActors } from '../../machines/event-editor/actors'
import { eventEditorMachine, type StaffWaitlist } from '../../machines/event-editor/machine'
import {
  lineOf,
  placeCounts,
  placeName,
  shownFormProblems,
  standing,
  waitingMark,
} from '../../machines/event-editor/selectors'
import {
  CANCEL_CUTOFF_HOURS,
  type EventFormField,
  type EventFormText,
  WAITLIST_OFFER_HOURS,
} from '../../machines/rules/event-draft'
import { placesLine } from '../../machines/staff-events/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { api } from '../api'
import { DownloadSection } from '../download/download-section'
import { useLoadStates, useMemberFlow } from '../member-flow'
import { Field, RefusedLine, textInput } from '../shared/form-fields'
import { card, LoadNotice, LoadStatus } from '../shared/member-page'
import { ResponsiveImage } from '../shared/responsive-image'
import { NotStaff, StaffPage } from '../shared/staff-page'
import { TextArea } from '../shared/text-area'

/** /staff/events/new and /staff/events/:id: an event's every field, and its poster. */
export default function EventEditorPage() {
  // One route for both: after a new event is saved, its address replaces /new, and this page
  // (with its flow, saying 'Saved') stays.
  const { eventId: param } = useParams()
  const eventId = param === NEW_EVENT ? null : (param ?? null)
  const navigate = useNavigate()
  const actorRef = useMemberFlow(
    eventEditorMachine,
    eventEditorActors(api),
    'Could not load or save the event',
    {
      level: 'error',
      input: { id: eventId },
      effects: {
        // The first field that needs a change: the form's fields are named by their field.
        focusField: (_: unknown, { field }: { field: EventFormField | null }) => {
          if (field) document.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
        },
        navigateToSavedEvent: (_: unknown, { id }: { id: string }) =>
          navigate(`/staff/events/${id}`, { replace: true }),
      },
    },
  )
  return <EventEditorView actorRef={actorRef} />
}

/** The address of a new event's form: /staff/events/new. */
const NEW_EVENT = 'new'

type EditorRef = ActorRefFrom<typeof eventEditorMachine>

const column = grid({ gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })
const pair = grid({
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
})

export function EventEditorView({ actorRef }: { actorRef: EditorRef }) {
  const load = useLoadStates(actorRef)
  const state = useSelector(actorRef, (s) => s)
  const { form, event, refusal } = state.context
  const problems = shownFormProblems(state.context)
  const isNew = state.context.id === null
  const title = isNew ? 'New event' : (event?.draft.title ?? 'Event')
  if (state.hasTag('forbidden')) {
    return (
      <StaffPage title="Event" back="/staff/events">
        <NotStaff />
      </StaffPage>
    )
  }
  if (state.hasTag('missing')) {
    return (
      <StaffPage title="Event" back="/staff/events">
        <div role="alert" className={cx(card, css({ px: '5', py: '6', textAlign: 'center' }))}>
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            No event has this address
          </p>
          <Link
            to="/staff/events"
            className={cx(button({ variant: 'outline', size: 'md' }), css({ mt: '4' }))}
          >
            All events
          </Link>
        </div>
      </StaffPage>
    )
  }
  const saving = state.hasTag('saving')
  const text = (field: EventFormText, label: string, hint?: string, type = 'text') => (
    <TextField
      actorRef={actorRef}
      field={field}
      label={label}
      hint={hint}
      type={type}
      value={form[field]}
      problem={problems[field]}
      readOnly={saving}
    />
  )
  return (
    <StaffPage
      title={title}
      back="/staff/events"
      lead={
        event
          ? [placesLine(event), waitingMark(event)].filter(Boolean).join(' · ')
          : 'Everything the calendar shows. Times are Lagos time.'
      }
    >
      <LoadStatus
        {...load}
        what="the event"
        onRetry={() => actorRef.send({ type: 'editor.retried' })}
      />
      {state.matches('ready') && (
        <div className={cx(column, css({ gap: '6', overflowWrap: 'anywhere' }))}>
          <form
            aria-label="Event"
            noValidate
            className={column}
            onSubmit={(e) => {
              e.preventDefault()
              actorRef.send({
                type: state.matches({ ready: { form: 'saveFailed' } })
                  ? 'save.retried'
                  : 'form.submitted',
              })
            }}
          >
            <Section title="What">
              {text('title', 'Title')}
              <TextField
                actorRef={actorRef}
                field="about"
                label="About"
                value={form.about}
                multiline
                readOnly={saving}
              />
            </Section>
            <Section title="When">
              <div className={pair}>
                {text('startDay', 'First day', undefined, 'date')}
                {text('startTime', 'Starts', undefined, 'time')}
                {text('endDay', 'Last day', undefined, 'date')}
                {text('endTime', 'Ends', undefined, 'time')}
              </div>
              {text(
                'slots',
                'Time slots',
                "Separated by commas, such as '4pm - 7pm, 7pm - 10pm'. Leave blank for one, from start to end.",
              )}
            </Section>
            <Section title="Where">
              {text('venue', 'Venue in the hotel')}
              {text('address', 'Address')}
            </Section>
            <Section title="Price and places">
              <div className={pair}>
                {text('price', 'Price (₦)', '0 is free.', 'text')}
                {text(
                  'friendsPrice',
                  "Friends' price (₦)",
                  'What active members pay; blank: the price.',
                )}
              </div>
              {text('capacity', 'Places each day and slot')}
              <div className={pair}>
                {text(
                  'cancelCutoffHours',
                  'Cancellations close (hours before it starts)',
                  `${CANCEL_CUTOFF_HOURS.usual} is the day before; 0 is until it starts.`,
                )}
                {text(
                  'waitlistOfferHours',
                  'A place offered from the waitlist is held for (hours)',
                  `Then it goes to the next person waiting; ${WAITLIST_OFFER_HOURS.usual} unless you say.`,
                )}
              </div>
            </Section>
            <Section title="Booking">
              <Switch
                actorRef={actorRef}
                field="rsvp"
                label="People can book it"
                checked={form.rsvp}
                disabled={saving}
              />
              <Switch
                actorRef={actorRef}
                field="membersOnly"
                label="Members only"
                checked={form.membersOnly}
                disabled={saving}
              />
              {text(
                'extraQuestions',
                'Extra questions when booking',
                'Separated by commas, such as T-shirt size.',
              )}
              {text('url', 'Web page about it', 'Optional.', 'url')}
            </Section>
            <SaveStatus
              actorRef={actorRef}
              refusal={refusal}
              problems={Object.keys(problems).length}
            />
            <div className={flex({ gap: '3', wrap: 'wrap' })}>
              <button
                type="submit"
                className={button({ size: 'lg' })}
                disabled={saving}
                aria-busy={saving || undefined}
              >
                {saving ? 'Saving…' : isNew ? 'Create the event' : 'Save changes'}
              </button>
              {event && !event.past && (
                <Link
                  to={`/event/${event.id}`}
                  className={button({ variant: 'ghost', size: 'lg' })}
                >
                  See it on the calendar
                </Link>
              )}
            </div>
          </form>
          <PosterSection actorRef={actorRef} />
          <WaitlistSection actorRef={actorRef} />
          {event && (
            <DownloadSection
              ask={{ kind: 'guests', eventId: event.id }}
              days={guestListDays(event.draft)}
            />
          )}
        </div>
      )}
    </StaffPage>
  )
}

/** A part of the editor the server did not answer for: what that means, and a button to retry. */
function NotReachedRetry({
  what,
  again,
  onRetry,
}: {
  /** 'the poster is not saved'. */
  what: string
  again: string
  onRetry: () => void
}) {
  return (
    <div role="alert" className={column}>
      <p className={css({ color: 'berry.600' })}>{`We couldn't reach the server, so ${what}.`}</p>
      <button
        type="button"
        className={cx(button({ variant: 'outline', size: 'md' }), css({ justifySelf: 'start' }))}
        onClick={onRetry}
      >
        {again}
      </button>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={cx(card, column, css({ px: { base: '4', md: '5' }, py: '4', minW: '0' }))}>
      <legend className={css({ fontWeight: 'semibold', px: '1' })}>{title}</legend>
      {children}
    </fieldset>
  )
}

/** The fields of whole numbers: a phone shows its number pad. */
const NUMBER_FIELDS: readonly EventFormField[] = [
  'price',
  'friendsPrice',
  'capacity',
  'cancelCutoffHours',
  'waitlistOfferHours',
]

function TextField({
  actorRef,
  field,
  label,
  hint,
  type = 'text',
  value,
  problem,
  multiline = false,
  readOnly,
}: {
  actorRef: EditorRef
  field: EventFormField
  label: string
  hint?: string | undefined
  type?: string
  value: string
  problem?: string | undefined
  multiline?: boolean
  readOnly: boolean
}) {
  const id = useId()
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ')
  const props = {
    id,
    name: field,
    value,
    readOnly,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described || undefined,
    onChange: (e: { target: { value: string } }) =>
      actorRef.send({ type: 'field.changed', field, value: e.target.value }),
  }
  return (
    <Field label={label} htmlFor={id}>
      {multiline ? (
        <TextArea {...props} maxLength={5000} />
      ) : (
        <input
          {...props}
          type={type}
          inputMode={NUMBER_FIELDS.includes(field) ? 'numeric' : undefined}
          className={textInput}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className={css({ fontSize: 'sm', color: 'berry.600' })}>
          {problem}
        </p>
      )}
    </Field>
  )
}

function Switch({
  actorRef,
  field,
  label,
  checked,
  disabled,
}: {
  actorRef: EditorRef
  field: 'rsvp' | 'membersOnly'
  label: string
  checked: boolean
  disabled: boolean
}) {
  return (
    <label className={flex({ align: 'center', gap: '3', minH: '11', cursor: 'pointer' })}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => actorRef.send({ type: 'field.changed', field, value: e.target.checked })}
        className={css({ w: '5', h: '5', accentColor: 'clay.600' })}
      />
      {label}
    </label>
  )
}

function SaveStatus({
  actorRef,
  refusal,
  problems,
}: {
  actorRef: EditorRef
  refusal: string | null
  problems: number
}) {
  const state = useSelector(actorRef, (s) => s)
  if (problems > 0) {
    return (
      <RefusedLine>
        {problems === 1 ? 'One field needs' : `${problems} fields need`} a change before saving: see
        above.
      </RefusedLine>
    )
  }
  if (state.matches({ ready: { form: 'refused' } })) {
    return <RefusedLine>{refusal}</RefusedLine>
  }
  if (state.matches({ ready: { form: 'saveFailed' } })) {
    return (
      <p role="alert" className={css({ color: 'berry.600' })}>
        We couldn't reach the server, so nothing was saved. Check the connection, then save again.
      </p>
    )
  }
  if (state.matches({ ready: { form: 'saved' } })) {
    return (
      <p role="status" className={css({ color: 'palm.700', fontWeight: 'semibold' })}>
        Saved: the calendar shows it now.
      </p>
    )
  }
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what="the event" />
  return null
}

/** The poster: the one on show (or the file just chosen), and the camera roll to pick another. */
function PosterSection({ actorRef }: { actorRef: EditorRef }) {
  const state = useSelector(actorRef, (s) => s)
  const { event, file, posterRefusal } = state.context
  const inputId = useId()
  const uploading = state.hasTag('uploading')
  const [preview, setPreview] = useState<string | null>(null)
  // The chosen file shows at once, from the phone, while it uploads.
  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])
  const uploaded = state.matches({ ready: { poster: 'uploaded' } })
  const shown = uploaded || !preview ? event?.poster : preview
  return (
    <section
      aria-label="Poster"
      className={cx(card, column, css({ px: { base: '4', md: '5' }, py: '4' }))}
    >
      <h2 className={css({ fontWeight: 'semibold' })}>Poster</h2>
      <div
        className={css({
          w: '12rem',
          maxW: 'full',
          aspectRatio: '3 / 4',
          borderRadius: 'l2',
          overflow: 'hidden',
          bg: 'sand.100',
          display: 'grid',
          placeItems: 'center',
        })}
      >
        {shown ? (
          shown.startsWith('blob:') ? (
            <img
              src={shown}
              alt="The poster chosen"
              className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
            />
          ) : (
            <ResponsiveImage
              url={shown}
              alt="The event's poster"
              slot="card"
              className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
            />
          )
        ) : (
          <span
            className={css({ fontSize: 'sm', color: 'fg.muted', px: '3', textAlign: 'center' })}
          >
            No poster yet
          </span>
        )}
      </div>
      {state.context.id === null ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Create the event first: then add its poster.
        </p>
      ) : (
        <div className={column}>
          <label
            htmlFor={inputId}
            className={cx(
              button({ variant: 'outline', size: 'lg' }),
              css({ justifySelf: 'start' }),
            )}
            aria-disabled={uploading || undefined}
          >
            {uploading ? 'Uploading…' : event?.poster ? 'Choose another poster' : 'Choose a poster'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading}
            className={css({ srOnly: true })}
            onChange={(e) => {
              const chosen = e.target.files?.[0]
              if (chosen) actorRef.send({ type: 'poster.chosen', file: chosen })
              e.target.value = ''
            }}
          />
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            A photo or artwork, JPEG, PNG or WebP, up to 20 MB.
          </p>
          {uploaded && (
            <p role="status" className={css({ color: 'palm.700', fontWeight: 'semibold' })}>
              Poster saved: the calendar shows it now.
            </p>
          )}
          {state.matches({ ready: { poster: 'rejected' } }) && (
            <RefusedLine>{posterRefusal}</RefusedLine>
          )}
          {state.matches({ ready: { poster: 'uploadFailed' } }) && (
            <NotReachedRetry
              what="the poster is not saved"
              again="Upload it again"
              onRetry={() => actorRef.send({ type: 'poster.retried' })}
            />
          )}
        </div>
      )}
    </section>
  )
}

/**
 * Who waits for a sold-out day and slot of the event, and who was offered a place: per day and
 * slot, how many wait, are offered and booked, then each person in line with how to reach them.
 */
function WaitlistSection({ actorRef }: { actorRef: EditorRef }) {
  const state = useSelector(actorRef, (s) => s)
  if (state.matches({ ready: { waitlist: 'none' } })) return null
  const { waitlist, event } = state.context
  const loading = state.matches({ ready: { waitlist: 'loading' } })
  const failed = state.matches({ ready: { waitlist: 'failed' } })
  const hours = event?.draft.waitlistOfferHours ?? WAITLIST_OFFER_HOURS.usual
  const refresh = () => actorRef.send({ type: 'waitlist.refreshed' })
  return (
    <section
      aria-label="Waitlist"
      aria-busy={loading || undefined}
      className={cx(card, column, css({ px: { base: '4', md: '5' }, py: '4' }))}
    >
      <div className={flex({ justify: 'space-between', align: 'center', gap: '3', wrap: 'wrap' })}>
        <h2 className={css({ fontWeight: 'semibold' })}>Waitlist</h2>
        {!failed && (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'md' })}
            disabled={loading}
            aria-busy={loading || undefined}
            onClick={refresh}
          >
            {loading ? 'Reading…' : 'Refresh'}
          </button>
        )}
      </div>
      {failed && (
        <NotReachedRetry what="the waitlist is not shown" again="Try again" onRetry={refresh} />
      )}
      {!failed && waitlist === null && (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Reading the waitlist…</p>
      )}
      {!failed && waitlist !== null && waitlist.places.length === 0 && (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Nobody is waiting. When a day and slot sells out, people can join its waitlist; a place
          that frees up is offered to the first of them, held for {hours}{' '}
          {hours === 1 ? 'hour' : 'hours'}.
        </p>
      )}
      {!failed &&
        waitlist?.places.map((place) => (
          <WaitlistPlace
            key={`${place.date} ${place.timeSlot ?? ''}`}
            waitlist={waitlist}
            place={place}
          />
        ))}
    </section>
  )
}

function WaitlistPlace({
  waitlist,
  place,
}: {
  waitlist: StaffWaitlist
  place: StaffWaitlist['places'][number]
}) {
  const now = new Date()
  return (
    <div className={cx(column, css({ gap: '2', minW: '0', overflowWrap: 'anywhere' }))}>
      <h3 className={css({ fontWeight: 'semibold' })}>
        {placeName(place)}:{' '}
        <span className={css({ fontWeight: 'normal' })}>{placeCounts(place)}</span>
      </h3>
      <ol className={cx(column, css({ gap: '2', listStyle: 'none' }))}>
        {lineOf(waitlist, place).map((entry) => (
          <li
            key={`${entry.email} ${entry.joinedAt}`}
            className={css({
              display: 'grid',
              gap: '1',
              borderTopWidth: '1px',
              borderColor: 'sand.200',
              pt: '2',
            })}
          >
            <span className={flex({ gap: '2', wrap: 'wrap', align: 'baseline' })}>
              <span className={css({ fontWeight: 'medium', minW: '0' })}>{entry.name}</span>
              {entry.status === 'waiting' && (
                <span className={badge({ tone: 'neutral' })}>{standing(entry, now)}</span>
              )}
            </span>
            {entry.status === 'offered' && (
              <span className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'clay.700' })}>
                {standing(entry, now)}
              </span>
            )}
            <span className={flex({ gap: '1 4', wrap: 'wrap', fontSize: 'sm' })}>
              <a href={`mailto:${entry.email}`} className={contactLink}>
                {entry.email}
              </a>
              <a href={`tel:${entry.phone.replace(/[^\d+]/g, '')}`} className={contactLink}>
                {entry.phone}
              </a>
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}

const contactLink = css({ color: 'clay.700', textDecoration: 'underline', minW: '0' })
