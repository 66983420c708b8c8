import { css } from '../../styled-system/css'

// Styles the screens share, kept as raw objects so a page can add its own margin with
// css(style, { mb: … }) and still get one class per property.

/** The page's column: as wide as the header, with its side padding. */
export const container = css.raw({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '8' } })

/** The small spaced capitals above a page title ('Your profile', 'Victoria Island, Lagos'). */
export const eyebrow = css.raw({
  fontSize: 'xs',
  letterSpacing: '0.2em',
  textTransform: 'uppercase',
  color: 'clay.700',
})

/** The small grey capitals of section headings and labels ('What's included', 'Date'). */
export const smallCaps = css.raw({
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: 'wider',
  textTransform: 'uppercase',
  color: 'fg.subtle',
})

/** The small capitals naming a detail ('Guests', 'Your message'): a little tighter than smallCaps. */
export const detailLabel = css.raw({
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: 'wide',
  textTransform: 'uppercase',
  color: 'fg.subtle',
})

/** The large display title of a story page ('About Sixteen'). */
export const storyTitle = css.raw({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  lineHeight: '1.05',
})

/** The display sentence under a story page's title. */
export const storyLead = css.raw({
  fontFamily: 'display',
  fontSize: { base: 'xl', md: '2xl' },
  lineHeight: '1.35',
  color: 'ink.600',
  mt: '4',
  textWrap: 'pretty',
})

/** A paragraph of a story page's running text. */
export const storyParagraph = css.raw({
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.75',
  color: 'ink.700',
})

/** A 36 px disc holding a small mark or a number (a step of a list, a row's chevron). */
export const disc = css.raw({
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  w: '9',
  h: '9',
  borderRadius: 'full',
})
