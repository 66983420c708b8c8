import { type ReactNode, useId } from 'react'
import type {
  ApplicantFormContext,
  ApplicantFormEvent,
} from '../../machines/applicant-form/machine'
import { fieldErrorsOf } from '../../machines/applicant-form/selectors'
import { APPLICANT_LABELS } from '../../machines/rules/applicant'
import type { ApplicantField } from '../../machines/rules/application'
import { css, cx } from '../../styled-system/css'
import { ChoiceChips, formControl, textInput } from '../shared/form-fields'
import { FIELD_KINDS } from './applicant-field-kinds'
import { useCountryLists } from './country-lists'

// The applicant's fields, as the individual application, the community application and member
// signup ask for them: one label, keyboard, autofill and message for each field, everywhere. What
// each field says comes from the applicant form's selectors; this only renders and sends.

/** One applicant form's fields, laid out in two columns from 640 px. */
export function ApplicantFields({
  form,
  send,
  optional = [],
  disabled = false,
}: {
  /** The form's state (its fields, answers, what is needed and locked). */
  form: ApplicantFormContext
  /** To the running form; none while the answers are being sent. */
  send?: ((event: ApplicantFormEvent) => void) | undefined
  /** Fields labelled '(optional)'. */
  optional?: readonly ApplicantField[]
  disabled?: boolean
}) {
  const id = useId()
  const lists = useCountryLists(
    form.fields.includes('country') || form.fields.includes('nationality'),
  )
  const errors = fieldErrorsOf(form)
  const change = (field: ApplicantField, value: string) =>
    send?.({ type: 'field.changed', field, value })
  const leave = (field: ApplicantField) => send?.({ type: 'field.left', field })

  return (
    <div className={grid}>
      {form.fields.map((field) => {
        const spec = FIELD_KINDS[field]
        const value = form.applicant[field]
        const inputId = `${id}-${field}`
        const error = errors[field]
        const locked = form.locked.includes(field)
        const describedBy = cx(error ? `${inputId}-error` : '', locked ? `${inputId}-hint` : '')
        const common = {
          id: inputId,
          name: field,
          'aria-required': form.required.includes(field) || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
          disabled,
        }

        if (spec.kind === 'choice') {
          return (
            <div key={field} className={wide}>
              <ChoiceChips
                legend={APPLICANT_LABELS[field]}
                name={inputId}
                options={spec.options.map((o) => ({ value: o, label: o }))}
                chosen={value || null}
                disabled={disabled}
                onChoose={(v) => change(field, v)}
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
              onChange={(e) => change(field, e.target.value)}
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
              ? { type: 'date', max: form.today, min: '1900-01-01', autoComplete: 'bday' }
              : spec.attributes
          control = (
            <input
              {...attributes}
              {...common}
              value={value}
              readOnly={locked}
              onChange={(e) => change(field, e.target.value)}
              onBlur={() => leave(field)}
              className={fieldInput}
            />
          )
        }
        return (
          <Row
            key={field}
            label={APPLICANT_LABELS[field]}
            optional={optional.includes(field)}
            htmlFor={inputId}
            // A read-only e-mail (an invitee's) heads the form on its own row.
            wide={field === 'address' || field === 'socialLink' || locked}
          >
            {control}
            {locked && (
              <p id={`${inputId}-hint`} className={hintText}>
                From your invite; it cannot be changed here.
              </p>
            )}
            {error && (
              <p id={`${inputId}-error`} className={errorText}>
                {error}
              </p>
            )}
          </Row>
        )
      })}
    </div>
  )
}

function Row({
  label,
  optional,
  htmlFor,
  wide: isWide,
  children,
}: {
  label: string
  optional: boolean
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
        {optional && <span className={optionalMark}> (optional)</span>}
      </label>
      {children}
    </div>
  )
}

const grid = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
})
const wide = css({ gridColumn: { sm: '1 / -1' } })

/** A text input, greyed while read-only (it came with the invite). */
export const fieldInput = cx(
  textInput,
  css({ '&[readonly]': { bg: 'sand.100', color: 'fg.muted' } }),
)

const select = cx(
  formControl,
  css({
    w: 'full',
    minW: '0',
    px: '3',
    color: 'fg.default',
    appearance: 'auto',
  }),
)

const optionalMark = css({ fontWeight: 'normal', color: 'fg.subtle' })
const hintText = css({ fontSize: 'sm', color: 'fg.muted' })
/** A field's message, under it. */
export const errorText = css({ fontSize: 'sm', color: 'berry.600', overflowWrap: 'anywhere' })
