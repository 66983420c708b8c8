import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button, disc } from '../../styled-system/recipes'
import { Page } from '../shared/page'
import { mailLink, SITE } from '../site'

const paragraph = css({ textStyle: 'story.paragraph' })
const heading = css({ textStyle: 'display.section', mt: { base: '10', md: '14' }, mb: '4' })

/** The house rules members keep, with the bye-laws' figures. */
const RULES = [
  ['Entry', 'Free for members; ₦5,000 for anyone without an active membership.'],
  ['Guests', 'One guest free on each visit; each extra guest ₦5,000. Guests must be 21 or over.'],
  ['Discount', '15% off hotel rooms and space rental.'],
  [
    'Opening hours',
    'Tuesday to Sunday, 10am to 10pm, for work and play. Monday is closed, except to hotel guests.',
  ],
  ['Print studio', 'Sessions from 12pm to 8pm.'],
] as const

const STEPS = [
  [
    'Apply',
    'Tell us about yourself (or your community) in a short form. It takes about five minutes.',
  ],
  ['We read it', 'Every application is read by a person at the house before the next intake.'],
  ['Log in', "Once you're approved we e-mail you a login link. There are no passwords."],
  ['Pay and settle in', 'Choose 6 or 12 months, pay by card in naira or dollars, and come by.'],
] as const

/** /membership/about: the programme, in more words. */
export default function MembershipAboutPage() {
  return (
    <Page>
      <title>About Friends of 16 · Sixteen</title>
      <p className={css({ textStyle: 'eyebrow', mb: '3' })}>The programme</p>
      <h1 className={css({ textStyle: 'story.title' })}>About {SITE.programme}</h1>
      <p className={css({ textStyle: 'story.lead', mt: '4' })}>
        A small, paid network of people who make things, and a house in Lagos to make them in.
      </p>

      <div className={css({ display: 'grid', gap: '5', mt: { base: '8', md: '12' } })}>
        <p className={paragraph}>
          {SITE.name} is {SITE.tagline}. {SITE.programme} is how we keep it that way. Members are
          designers, writers, photographers, founders and musicians who want somewhere calm to work
          by day and good company in the evening, without the noise of a club.
        </p>
        <p className={paragraph}>
          Membership opens the house to you six days a week: the co-working tables, the garden, the
          rooftop and the print studio. You bring a friend for free, pay friends' prices for the
          programme of supper clubs, screenings and workshops, and take 15% off when you stay or
          hire a space.
        </p>
        <p className={paragraph}>
          We keep the numbers small on purpose. New Friends join in four intakes a year, so every
          group can be introduced properly and the house never feels crowded.
        </p>
      </div>

      <h2 className={heading}>Individual or community</h2>
      <p className={paragraph}>
        An individual membership runs for 6 months ($150 or ₦250,000) or a year ($250 or ₦400,000).
        A community membership is shared by 4, 6 or 8 people, from $700; the person who applies
        invites the others by e-mail. Communities larger than eight write to us for a customised
        application.
      </p>

      <h2 className={heading}>House rules</h2>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: '10rem 1fr' },
          columnGap: '6',
          rowGap: { base: '1', md: '4' },
          layerStyle: 'card',
          p: { base: '5', md: '7' },
        })}
      >
        {RULES.map(([term, text]) => (
          <div key={term} className={css({ display: 'contents' })}>
            <dt className={css({ fontWeight: 'semibold', mt: { base: '3', md: '0' } })}>{term}</dt>
            <dd className={css({ color: 'fg.muted', lineHeight: '1.6' })}>{text}</dd>
          </div>
        ))}
      </dl>

      <h2 className={heading}>How to join</h2>
      <ol className={css({ listStyle: 'none', display: 'grid', gap: '4' })}>
        {STEPS.map(([title, text], i) => (
          <li key={title} className={css({ display: 'flex', gap: '4' })}>
            <span
              aria-hidden
              className={cx(
                disc({ size: '9' }),
                css({ flexShrink: 0, bg: 'clay.50', color: 'clay.800', fontWeight: 'semibold' }),
              )}
            >
              {i + 1}
            </span>
            <span>
              <span className={css({ display: 'block', fontWeight: 'semibold' })}>{title}</span>
              <span className={css({ display: 'block', color: 'fg.muted', lineHeight: '1.6' })}>
                {text}
              </span>
            </span>
          </li>
        ))}
      </ol>

      <div
        className={flex({ wrap: 'wrap', align: 'center', mt: { base: '10', md: '14' }, gap: '3' })}
      >
        <Link to="/membership" className={button({ size: 'lg' })}>
          See rates and apply
        </Link>
        <a
          href={mailLink('Friends of 16', 'Hello Sixteen,\n\n')}
          className={button({ size: 'lg', variant: 'ghost' })}
        >
          Write to {SITE.supportEmail}
        </a>
      </div>
    </Page>
  )
}
