import { useState } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button, buttonRow } from '../../styled-system/recipes'
import { ContactPanel } from '../shared/contact-panel'
import { Page } from '../shared/page'
import { SITE } from '../site'

/** What the house offers, in the spec's words, each with one line. */
const OFFERS = [
  {
    title: 'Co-working',
    line: 'Desks and daylight, Tuesday to Sunday.',
  },
  {
    title: 'Hotel accommodation',
    line: 'Quiet rooms for one night or a longer stay.',
  },
  {
    title: 'Curated programming',
    line: 'Supper clubs, film nights and markets, kept small.',
  },
  {
    title: 'Internet and printing',
    line: 'Steady Wi-Fi, everyday printing and a riso studio.',
  },
] as const

const dropCap = css({
  _firstLetter: {
    float: 'left',
    fontFamily: 'display',
    fontSize: '3.55em',
    lineHeight: '0.82',
    color: 'clay.600',
    mt: '0.08em',
    mr: '0.1em',
  },
})

const paragraph = css({ textStyle: 'story.paragraph' })

/** About: the family-owned hotel and gathering space, and what it offers. */
export default function AboutPage() {
  const [contactOpen, setContactOpen] = useState(false)
  return (
    <Page>
      <title>About · Sixteen</title>
      <p className={css({ textStyle: 'eyebrow', mb: '3' })}>Victoria Island, Lagos</p>
      <h1 className={css({ textStyle: 'story.title', letterSpacing: '-0.01em' })}>
        About {SITE.name}
      </h1>
      <p className={css({ textStyle: 'story.lead', mt: '4', maxW: '2xl' })}>
        A family-owned boutique hotel and creative gathering space: a serene house for slow
        mornings, good work and intimate evenings.
      </p>

      <figure
        className={css({ mt: { base: '8', md: '12' }, mx: { base: '-5', md: '0', lg: '-20' } })}
      >
        <img
          src="/images/coworking.svg"
          alt="The co-working room at Sixteen: a long communal table under pendant lamps, with plants and afternoon light"
          width="1200"
          height="800"
          className={css({
            w: 'full',
            h: 'auto',
            aspectRatio: '3 / 2',
            objectFit: 'cover',
            bg: 'sand.200',
            borderRadius: { base: '0', md: 'l3' },
          })}
        />
        <figcaption
          className={css({
            mt: '3',
            px: { base: '5', md: '0' },
            textAlign: { lg: 'right' },
            fontSize: 'sm',
            color: 'fg.subtle',
          })}
        >
          The Garden Room on a weekday afternoon.
        </figcaption>
      </figure>

      <div
        className={flex({
          direction: 'column',
          gap: '5',
          mt: { base: '10', md: '14' },
          maxW: '2xl',
        })}
      >
        <p className={cx(paragraph, dropCap)}>
          {SITE.name} is run by a family, and it feels like it. The house keeps a handful of rooms
          for guests, long tables for people who work with their hands and their heads, and a
          rooftop where the evenings tend to end. Someone at the front desk will know your name by
          your second visit, and which table gets the best light.
        </p>
        <p className={paragraph}>
          We made it for the city’s creatives: writers, designers, photographers, musicians and
          founders who need somewhere calm to think and somewhere close to gather. By day the
          co-working rooms hum quietly and the print studio runs risograph, linocut and handmade
          paper. By night the calendar fills with rooftop jazz, poetry and palm wine, supper clubs
          and film nights, each kept small enough that people actually meet.
        </p>
        <p className={paragraph}>
          {SITE.programme}, our members programme, is how the family grows. Members book a desk for
          themselves at no charge, pay the friends’ price for tickets and have the 8th Floor to
          themselves. Whether you are staying the week or coming by for one evening, you are welcome
          here.
        </p>
      </div>

      <section aria-labelledby="offers-heading" className={css({ mt: { base: '14', md: '20' } })}>
        <h2 id="offers-heading" className={css({ textStyle: 'display.subhead', mb: '6' })}>
          What you will find here
        </h2>
        <ol className={css({ listStyle: 'none', borderBottomWidth: '1px', borderColor: 'border' })}>
          {OFFERS.map((offer, i) => (
            <li
              key={offer.title}
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '2.5rem 1fr', md: '3.5rem 15rem 1fr' },
                alignItems: 'baseline',
                rowGap: '1',
                py: { base: '4', md: '5' },
                layerStyle: 'ruled',
              })}
            >
              <span
                aria-hidden
                className={css({
                  fontFamily: 'display',
                  fontSize: { base: 'xl', md: '2xl' },
                  color: 'clay.500',
                  gridRow: { base: 'span 2', md: 'auto' },
                })}
              >
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className={css({ textStyle: 'display.card' })}>{offer.title}</h3>
              <p className={css({ color: 'fg.muted', fontSize: { base: 'sm', md: 'md' } })}>
                {offer.line}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="visit-heading"
        className={css({
          mt: { base: '12', md: '16' },
          p: { base: '6', md: '10' },
          layerStyle: 'callout',
        })}
      >
        <h2 id="visit-heading" className={css({ textStyle: 'display.subhead' })}>
          Come by, or write to us
        </h2>
        <p className={css({ color: 'fg.muted', mt: '2', maxW: 'xl' })}>
          See what is on this month, or ask us anything about rooms, desks and the studio.
        </p>
        <div className={cx(buttonRow(), css({ mt: '6' }))}>
          <Link to="/" state={{ scroll: 'oneScreen' }} className={button({ size: 'lg' })}>
            See the calendar
          </Link>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setContactOpen(true)}
            className={button({ size: 'lg', variant: 'outline' })}
          >
            Contact us
          </button>
        </div>
      </section>
      <ContactPanel open={contactOpen} onOpenChange={setContactOpen} />
    </Page>
  )
}
