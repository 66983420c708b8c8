import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button, disc } from '../../styled-system/recipes'
import { MemberPage } from '../shared/member-page'
import { SITE } from '../site'

/** The house rules of the programme, with the spec's figures. */
const RULES: { title: string; text: string }[] = [
  {
    title: 'Entry',
    text: 'Entry without an active membership costs N5,000.',
  },
  {
    title: 'Guests',
    text: 'You may bring one guest free of charge; each extra guest costs N5,000. Guests must be at least 21.',
  },
  {
    title: 'Discounts',
    text: 'Members get 15% off rooms and space rental.',
  },
  {
    title: 'Opening hours',
    text: 'Monday closed (hotel guests only). Tuesday to Sunday, 10am to 10pm: work and play.',
  },
  {
    title: 'Print studio',
    text: 'Print studio sessions run from 12pm to 8pm.',
  },
]

/** /bye-laws: the welcome and the rules, then 'Get started' to the plans. */
export default function ByeLawsPage() {
  return (
    <MemberPage
      title={`Welcome to ${SITE.programme}`}
      kicker="Bye-laws"
      back="/menu"
      lead="A few house rules keep the space serene for everyone. Please read them before you start."
    >
      <ol className={css({ listStyle: 'none', display: 'grid', gap: '3', counterReset: 'rule' })}>
        {RULES.map((rule, index) => (
          <li
            key={rule.title}
            className={grid({
              gridTemplateColumns: 'auto 1fr',
              gap: '4',
              alignItems: 'start',
              p: { base: '4', md: '5' },
              layerStyle: 'card',
            })}
          >
            <span
              aria-hidden
              className={cx(
                disc({ size: '9' }),
                css({ bg: 'clay.100', color: 'clay.800', fontFamily: 'display', fontSize: 'lg' }),
              )}
            >
              {index + 1}
            </span>
            <span>
              <span className={css({ display: 'block', fontWeight: 'semibold' })}>
                {rule.title}
              </span>
              <span className={css({ display: 'block', color: 'fg.muted', mt: '0.5' })}>
                {rule.text}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <div className={flex({ wrap: 'wrap', align: 'center', mt: '8', gap: '3' })}>
        <Link to="/profile/payment" className={button({ size: 'lg' })}>
          Get started
        </Link>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Questions? Write to {SITE.supportEmail}.
        </span>
      </div>
    </MemberPage>
  )
}
