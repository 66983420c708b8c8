import { dayButtonText } from '../../machines/rules/coworking'
import { css } from '../../styled-system/css'
import { bareFieldset, type DayChoiceProps, fieldLegend } from '../shared/form-fields'

// The panel's two shapes (see the panel recipe): a drawer at 768 px or less, a modal above.
const drawer = '@media (max-width: 768px)'
const modal = '@media (min-width: 769px)'

const dayCard = css({
  display: 'flex',
  flexDir: 'column',
  alignItems: 'flex-start',
  justifyContent: 'center',
  gap: '0.5',
  minH: '14',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'sand.300',
  bg: 'surface',
  color: 'ink.800',
  cursor: 'pointer',
  scrollSnapAlign: 'start',
  transition: 'background 0.15s, border-color 0.15s, color 0.15s',
  [drawer]: { flex: '0 0 auto', minW: '24' },
  _hover: { borderColor: 'ink.500' },
  '& [data-part=title]': { fontSize: 'sm', fontWeight: 'semibold', lineHeight: 'tight' },
  '& [data-part=date]': { fontSize: 'xs', color: 'fg.muted', lineHeight: 'tight' },
  '&:has(input:checked)': {
    bg: 'ink.900',
    borderColor: 'ink.900',
    color: 'white',
    '& [data-part=date]': { color: 'sand.300' },
  },
  '&:has(input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'accent.default',
    outlineOffset: '2px',
  },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
})

/**
 * The day buttons: 'Today', 'Tomorrow', then weekdays, each over its date. A row that scrolls
 * sideways in the phone drawer; a grid showing every day in the modal.
 */
export function CoworkingDayChoices({ days, chosen, now, disabled, onChoose }: DayChoiceProps) {
  return (
    <fieldset disabled={disabled} className={bareFieldset}>
      <legend className={fieldLegend}>Day</legend>
      {days.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Every space is full for the next two weeks. Please check again soon.
        </p>
      ) : (
        <div
          role="radiogroup"
          aria-label="Day"
          className={css({
            // The days' hidden radios are placed within the row, which clips them: else they widen
            // the panel, and a focused day scrolls the whole panel sideways.
            position: 'relative',
            [drawer]: {
              display: 'flex',
              gap: '2',
              overflowX: 'auto',
              scrollSnapType: 'x proximity',
              scrollPaddingInline: '6',
              mx: '-6',
              px: '6',
              py: '1',
              scrollbarWidth: 'none',
              '&::-webkit-scrollbar': { display: 'none' },
            },
            [modal]: {
              display: 'grid',
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
              gap: '2',
            },
          })}
        >
          {days.map((day) => {
            const text = dayButtonText(day, now)
            return (
              <label key={day} className={dayCard}>
                <input
                  type="radio"
                  name="coworking-day"
                  value={day}
                  aria-label={text.label}
                  checked={chosen === day}
                  onChange={() => onChoose(day)}
                  className={css({ srOnly: true })}
                />
                <span data-part="title">{text.title}</span>
                <span data-part="date">{text.date}</span>
              </label>
            )
          })}
        </div>
      )}
    </fieldset>
  )
}
