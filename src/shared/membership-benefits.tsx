import { css } from '../../styled-system/css'

/** What Friends of 16 get: the six benefits of /membership and the teaser. */
export const BENEFITS = [
  {
    title: 'Free entry, every open day',
    line: 'Come and go Tuesday to Sunday, 10am to 10pm. Visitors without a membership pay ₦5,000 at the door.',
  },
  {
    title: 'A guest on us',
    line: 'Bring one friend free on every visit; extra guests (21 and over) are ₦5,000 each.',
  },
  {
    title: '15% off rooms and spaces',
    line: 'On hotel stays and on space rental for your shoots, launches and dinners.',
  },
  {
    title: "Friends' prices on events",
    line: 'Special prices on supper clubs, screenings, workshops and markets, and members-only evenings.',
  },
  {
    title: 'Co-working and the print studio',
    line: 'Book a desk with daylight, and risograph sessions in the print studio from 12pm to 8pm.',
  },
  {
    title: 'A wallet and a community',
    line: 'Pay for bookings from your wallet, and meet the designers, writers and makers who call 16 home.',
  },
] as const

/** The benefits as a numbered grid. */
export function BenefitsList({ columns = 3 }: { columns?: 2 | 3 }) {
  return (
    <ol
      className={css({
        listStyle: 'none',
        display: 'grid',
        gap: { base: '4', md: '5' },
        gridTemplateColumns: {
          base: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: columns === 3 ? 'repeat(3, minmax(0, 1fr))' : 'repeat(2, minmax(0, 1fr))',
        },
      })}
    >
      {BENEFITS.map((benefit, i) => (
        <li key={benefit.title} className={css({ layerStyle: 'card', p: { base: '5', md: '6' } })}>
          <span
            aria-hidden
            className={css({
              fontFamily: 'display',
              fontSize: '2xl',
              color: 'clay.600',
              lineHeight: '1',
            })}
          >
            {String(i + 1).padStart(2, '0')}
          </span>
          <h3 className={css({ fontWeight: 'semibold', fontSize: 'lg', mt: '3' })}>
            {benefit.title}
          </h3>
          <p className={css({ color: 'fg.muted', mt: '1.5', lineHeight: '1.6', fontSize: 'sm' })}>
            {benefit.line}
          </p>
        </li>
      ))}
    </ol>
  )
}
