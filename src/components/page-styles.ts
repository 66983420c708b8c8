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
