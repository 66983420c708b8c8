import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import {
  type Applicant,
  type ApplicantField,
  birthDateError,
  PRONOUNS,
  RELATIONSHIPS,
} from '../../machines/rules/application'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../machines/rules/email'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { Banner } from './banner'
import { ChoiceChips, formControl, textInput } from './form-fields'
import { SiteHeader } from './site-header'

// The applicant's fields, as the individual application, the community application and member
// signup ask for them: one label, keyboard, autofill and error for each field, everywhere.

type Kind =
  | { kind: 'text'; attributes?: InputHTMLAttributes<HTMLInputElement> }
  | { kind: 'date' }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'select'; options: 'countries' | 'nationalities' | readonly string[] }

const FIELDS: Record<ApplicantField, { label: string } & Kind> = {
  firstName: {
    label: 'First name',
    kind: 'text',
    attributes: { autoComplete: 'given-name', autoCapitalize: 'words' },
  },
  lastName: {
    label: 'Last name',
    kind: 'text',
    attributes: { autoComplete: 'family-name', autoCapitalize: 'words' },
  },
  pronouns: { label: 'Pronouns', kind: 'choice', options: PRONOUNS },
  dateOfBirth: { label: 'Date of birth', kind: 'date' },
  occupation: {
    label: 'Occupation',
    kind: 'text',
    attributes: { autoComplete: 'organization-title', placeholder: 'e.g. Photographer' },
  },
  companyName: {
    label: 'Company name',
    kind: 'text',
    attributes: { autoComplete: 'organization' },
  },
  nationality: { label: 'Nationality', kind: 'select', options: 'nationalities' },
  address: {
    label: 'Home address',
    kind: 'text',
    attributes: { autoComplete: 'street-address', placeholder: 'Street, area, city' },
  },
  country: { label: 'Country', kind: 'select', options: 'countries' },
  phone: {
    label: 'Phone number',
    kind: 'text',
    attributes: {
      type: 'tel',
      inputMode: 'tel',
      autoComplete: 'tel',
      placeholder: '0803 000 0000',
    },
  },
  email: {
    label: 'Email address',
    kind: 'text',
    attributes: {
      type: 'email',
      inputMode: 'email',
      autoComplete: 'email',
      autoCapitalize: 'off',
      spellCheck: false,
      placeholder: 'you@example.com',
    },
  },
  socialLink: {
    label: 'Social link',
    kind: 'text',
    attributes: {
      type: 'url',
      inputMode: 'url',
      autoCapitalize: 'off',
      spellCheck: false,
      placeholder: 'https://instagram.com/you',
    },
  },
  emergencyName: {
    label: 'Emergency contact name',
    kind: 'text',
    attributes: { autoCapitalize: 'words' },
  },
  relationship: { label: 'Relationship', kind: 'select', options: RELATIONSHIPS },
  emergencyPhone: {
    label: 'Emergency contact phone',
    kind: 'text',
    attributes: { type: 'tel', inputMode: 'tel', placeholder: '0803 000 0000' },
  },
  referrer: {
    label: 'Who referred you?',
    kind: 'text',
    attributes: { autoCapitalize: 'words', placeholder: 'A member, a friend, Instagram…' },
  },
}

export const applicantLabel = (field: ApplicantField) => FIELDS[field].label

type Lists = { countries: readonly string[]; nationalities: readonly string[] }
let loadedLists: Lists | null = null
let loadingLists: Promise<Lists> | null = null

/**
 * The country and nationality lists (about 8 kB): loaded when a form first needs them, so no
 * other page carries them. Until then the select offers its prompt and what is already chosen.
 */
function useOptionLists(needed: boolean): Lists | null {
  const [lists, setLists] = useState(loadedLists)
  useEffect(() => {
    if (!needed || lists) return
    loadingLists ??= import('../../machines/rules/countries').then((m) => {
      loadedLists = { countries: m.COUNTRIES, nationalities: m.NATIONALITIES }
      return loadedLists
    })
    let live = true
    loadingLists.then((l) => live && setLists(l)).catch(() => {})
    return () => {
      live = false
    }
  }, [needed, lists])
  return lists
}

/** One section of applicant fields, laid out in two columns from 640 px. */
export function ApplicantFields({
  fields,
  applicant,
  onChange,
  today,
  required,
  optional = [],
  readOnly = [],
  disabled = false,
}: {
  fields: ApplicantField[]
  applicant: Applicant
  onChange: (field: ApplicantField, value: string) => void
  /** Today in Lagos ('yyyy-MM-dd'): the date of birth's latest day. */
  today: string
  /** Fields the form cannot go on without (marked required to assistive technology). */
  required: readonly ApplicantField[]
  /** Fields labelled '(optional)'. */
  optional?: readonly ApplicantField[]
  /** Fields shown but not editable (an invitee's e-mail). */
  readOnly?: readonly ApplicantField[]
  disabled?: boolean
}) {
  const id = useId()
  const [touched, setTouched] = useState<ReadonlySet<ApplicantField>>(new Set())
  const lists = useOptionLists(fields.includes('country') || fields.includes('nationality'))
  const touch = (field: ApplicantField) =>
    setTouched((seen) => (seen.has(field) ? seen : new Set(seen).add(field)))

  return (
    <div className={grid}>
      {fields.map((field) => {
        const spec = FIELDS[field]
        const value = applicant[field]
        const inputId = `${id}-${field}`
        const errorId = `${inputId}-error`
        const hintId = `${inputId}-hint`
        const error = errorOf(field, value, today, touched.has(field))
        const isRequired = required.includes(field)
        const locked = readOnly.includes(field)
        const label = (
          <>
            {spec.label}
            {optional.includes(field) && <span className={optionalMark}> (optional)</span>}
          </>
        )
        const describedBy = cx(error ? errorId : '', locked ? hintId : '') || undefined
        const common = {
          id: inputId,
          name: field,
          'aria-required': isRequired || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          disabled,
        }

        if (spec.kind === 'choice') {
          return (
            <div key={field} className={wide}>
              <ChoiceChips
                legend={spec.label}
                name={`${id}-${field}`}
                options={spec.options.map((o) => ({ value: o, label: o }))}
                chosen={value || null}
                disabled={disabled}
                onChoose={(v) => onChange(field, v)}
              />
            </div>
          )
        }

        let control: ReactNode
        if (spec.kind === 'select') {
          const options =
            spec.options === 'countries'
              ? lists?.countries
              : spec.options === 'nationalities'
                ? lists?.nationalities
                : spec.options
          control = (
            <select
              {...common}
              value={value}
              onChange={(e) => onChange(field, e.target.value)}
              className={select}
            >
              <option value="">Choose…</option>
              {value && !options?.includes(value) && <option value={value}>{value}</option>}
              {options?.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          )
        } else {
          const attributes =
            spec.kind === 'date'
              ? { type: 'date', max: today, min: '1900-01-01', autoComplete: 'bday' }
              : spec.attributes
          control = (
            <input
              {...attributes}
              {...common}
              value={value}
              readOnly={locked}
              onChange={(e) => onChange(field, e.target.value)}
              onBlur={() => touch(field)}
              className={input}
            />
          )
        }
        return (
          <Row
            key={field}
            label={label}
            htmlFor={inputId}
            // A read-only e-mail (an invitee's) heads the form on its own row.
            wide={field === 'address' || field === 'socialLink' || locked}
          >
            {control}
            {locked && (
              <p id={hintId} className={hintText}>
                From your invite; it cannot be changed here.
              </p>
            )}
            {error && (
              <p id={errorId} className={errorText}>
                {error}
              </p>
            )}
          </Row>
        )
      })}
    </div>
  )
}

function errorOf(
  field: ApplicantField,
  value: string,
  today: string,
  touched: boolean,
): string | null {
  if (field === 'dateOfBirth') return birthDateError(value, today)
  if (field === 'email' && value.trim() !== '' && touched && !isValidEmail(value.trim())) {
    return INVALID_EMAIL_MESSAGE
  }
  return null
}

function Row({
  label,
  htmlFor,
  wide: isWide,
  children,
}: {
  label: ReactNode
  htmlFor: string
  wide: boolean
  children: ReactNode
}) {
  return (
    <div
      className={cx(
        // alignContent: a taller neighbour (a hint, an error) must not push this input down.
        css({ display: 'grid', gap: '1.5', minW: '0', alignContent: 'start' }),
        isWide && wide,
      )}
    >
      <label
        htmlFor={htmlFor}
        className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' })}
      >
        {label}
      </label>
      {children}
    </div>
  )
}

/** A text area (the community's description and aim), styled like the inputs. */
export const TextArea = forwardRef<
  HTMLTextAreaElement,
  React.TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea(props, ref) {
  return <textarea ref={ref} {...props} className={textArea} />
})

/**
 * The steps of a wizard, the current one marked for assistive technology ('Step 1 of 2').
 */
export function StepIndicator({ steps, current }: { steps: string[]; current: number }) {
  return (
    <ol aria-label="Progress" className={css({ display: 'flex', gap: '2', mb: '8' })}>
      {steps.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'next'
        return (
          <li
            key={title}
            aria-current={state === 'current' ? 'step' : undefined}
            className={css({ flex: '1', minW: '0' })}
          >
            <span
              className={css({
                display: 'block',
                h: '1',
                borderRadius: 'full',
                bg: state === 'next' ? 'sand.200' : 'clay.600',
                mb: '2',
                transition: 'background 0.2s',
              })}
            />
            <span
              className={css({
                display: 'flex',
                alignItems: 'baseline',
                gap: '1.5',
                fontSize: 'xs',
                letterSpacing: 'wide',
                textTransform: 'uppercase',
                fontWeight: state === 'current' ? 'bold' : 'medium',
                color: state === 'next' ? 'fg.subtle' : 'fg.default',
                truncate: true,
              })}
            >
              <span className={css({ srOnly: true })}>
                {`Step ${i + 1} of ${steps.length}${state === 'done' ? ', done' : ''}: `}
              </span>
              <span aria-hidden className={css({ fontVariantNumeric: 'tabular-nums' })}>
                {i + 1}
              </span>
              {title}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

const grid = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
})
const wide = css({ gridColumn: { sm: '1 / -1' } })

const input = cx(
  textInput,
  css({
    transition: 'border-color 0.15s, box-shadow 0.15s',
    '&[readonly]': { bg: 'sand.100', color: 'fg.muted' },
    '&[aria-invalid=true]': {
      borderColor: 'berry.500',
      _focusVisible: { boxShadow: '0 0 0 3px token(colors.berry.50)' },
    },
  }),
)

const select = cx(
  formControl,
  css({
    w: 'full',
    minW: '0',
    px: '3',
    color: 'fg.default',
    appearance: 'auto',
    '&[aria-invalid=true]': {
      borderColor: 'berry.500',
      _focusVisible: { boxShadow: '0 0 0 3px token(colors.berry.50)' },
    },
  }),
)

const textArea = cx(
  formControl,
  css({
    w: 'full',
    minH: '28',
    h: 'auto',
    px: '4',
    py: '3',
    lineHeight: 'relaxed',
    resize: 'vertical',
    '&[aria-invalid=true]': {
      borderColor: 'berry.500',
      _focusVisible: { boxShadow: '0 0 0 3px token(colors.berry.50)' },
    },
  }),
)

const optionalMark = css({ fontWeight: 'normal', color: 'fg.subtle' })
const hintText = css({ fontSize: 'sm', color: 'fg.muted' })
export const errorText = css({ fontSize: 'sm', color: 'berry.600' })

/**
 * An application's page: the header (brand to /, Menu to /menu), an eyebrow, the title and a
 * line of introduction over the form's card.
 */
export function ApplicationLayout({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string
  title: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <SiteHeader />
      <main
        className={css({
          maxW: '3xl',
          mx: 'auto',
          px: { base: '4', md: '8' },
          pt: { base: '6', md: '12' },
          pb: { base: '16', md: '20' },
        })}
      >
        <p
          className={css({
            fontSize: 'xs',
            letterSpacing: '0.2em',
            textTransform: 'uppercase',
            color: 'clay.700',
            mb: '2',
          })}
        >
          {eyebrow}
        </p>
        <h1
          className={css({
            fontFamily: 'display',
            fontSize: { base: '3xl', md: '5xl' },
            lineHeight: 'tight',
            mb: '3',
          })}
        >
          {title}
        </h1>
        <div className={css({ color: 'fg.muted', mb: '8', maxW: '2xl', lineHeight: 'relaxed' })}>
          {intro}
        </div>
        {children}
      </main>
    </>
  )
}

/** The form's card. */
export const formCard = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l3',
  p: { base: '5', md: '8' },
  boxShadow: '0 1px 2px rgba(26,23,19,0.04), 0 12px 32px -24px rgba(26,23,19,0.25)',
})

/** The application's form in its card: the browser's own checks off, Enter sends `onSubmit`. */
export function ApplicationForm({
  labelledBy,
  onSubmit,
  children,
}: {
  /** The id of the heading that names the form. */
  labelledBy: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      className={formCard}
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}

/**
 * A step's heading. When the step changes (Next, Previous) focus moves to it, so a keyboard or
 * screen-reader user starts the new step at its top; the first render leaves focus alone.
 */
export function StepHeading({ step, children }: { step: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    ref.current?.focus()
  }, [step])
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      className={css({
        fontFamily: 'display',
        fontSize: { base: '2xl', md: '3xl' },
        lineHeight: 'tight',
        mb: '6',
        _focus: { outline: 'none' },
        _focusVisible: {
          outline: '2px solid',
          outlineColor: 'accent.default',
          outlineOffset: '4px',
        },
      })}
    >
      {children}
    </h2>
  )
}

/** A failed send: what went wrong, in a sentence, over the buttons. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className={css({ mt: '6' })}>
      <Banner tone="danger">{message}</Banner>
    </div>
  )
}

/**
 * Previous / Next / Submit. A disabled Next or Submit says why in a line under the buttons
 * (tied to the button), so nobody is left guessing what is missing.
 */
export function WizardActions({
  previous,
  next,
  submit,
  hint,
}: {
  previous?: { disabled: boolean; onClick: () => void }
  next?: { disabled: boolean }
  submit?: { disabled: boolean; busy: boolean; label?: string }
  /** Why the primary button is disabled (shown only while it is). */
  hint?: string | null
}) {
  const id = useId()
  const primaryDisabled = next ? next.disabled : (submit?.disabled ?? false)
  const showHint = !!hint && primaryDisabled && !submit?.busy
  return (
    <div className={css({ mt: '8', pt: '6', borderTopWidth: '1px', borderColor: 'border' })}>
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'space-between' })}>
        {previous ? (
          <button
            type="button"
            disabled={previous.disabled}
            onClick={previous.onClick}
            className={button({ variant: 'outline', size: 'lg' })}
          >
            Previous
          </button>
        ) : (
          <span />
        )}
        {next && (
          <button
            type="submit"
            disabled={next.disabled}
            aria-describedby={showHint ? `${id}-hint` : undefined}
            className={cx(button({ size: 'lg' }), css({ minW: '32' }))}
          >
            Next
          </button>
        )}
        {submit && (
          <button
            type="submit"
            disabled={submit.disabled || submit.busy}
            aria-describedby={showHint ? `${id}-hint` : undefined}
            className={cx(button({ size: 'lg' }), css({ minW: '32' }))}
          >
            {submit.busy ? 'Please wait' : (submit.label ?? 'Submit')}
          </button>
        )}
      </div>
      {showHint && (
        <p
          id={`${id}-hint`}
          className={css({ mt: '3', fontSize: 'sm', color: 'fg.muted', textAlign: 'right' })}
        >
          {hint}
        </p>
      )}
    </div>
  )
}

/** What a list of missing fields reads as: 'first name, last name and date of birth'. */
export function missingText(fields: ApplicantField[]): string {
  const names = fields.map((f) => FIELDS[f].label.toLowerCase().replace(/\?$/, ''))
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}
