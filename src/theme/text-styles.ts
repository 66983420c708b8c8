import { defineTextStyles } from '@pandacss/dev'

// The type scale the screens share, named once: `css({ textStyle: 'eyebrow', mb: '2' })`.
// A composition sits below atomic styles, so a screen's own margin or colour still wins.

const display = (fontSize: string | Record<string, string>, lineHeight: string) => ({
  value: { fontFamily: 'display', fontSize, lineHeight },
})

const underlined = (textUnderlineOffset: string) => ({
  value: { fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset },
})

export const textStyles = defineTextStyles({
  /** The small spaced capitals above a page title ('Your profile', 'Victoria Island, Lagos'). */
  eyebrow: {
    value: {
      fontSize: 'xs',
      letterSpacing: '0.2em',
      textTransform: 'uppercase',
      color: 'clay.700',
    },
  },
  /** The small grey capitals of section headings and labels ('What's included', 'Date'). */
  smallCaps: {
    value: {
      fontSize: 'xs',
      fontWeight: 'semibold',
      letterSpacing: 'wider',
      textTransform: 'uppercase',
      color: 'fg.subtle',
    },
  },
  /** The small capitals naming a detail ('Guests', 'Your message'): a little tighter than smallCaps. */
  detailLabel: {
    value: {
      fontSize: 'xs',
      fontWeight: 'semibold',
      letterSpacing: 'wide',
      textTransform: 'uppercase',
      color: 'fg.subtle',
    },
  },
  /** The larger muted paragraph under a page's title. */
  lead: { value: { fontSize: { base: 'lg', md: 'xl' }, color: 'ink.600', lineHeight: '1.5' } },
  /** A muted line of small print under a title or a price. */
  note: { value: { fontSize: 'sm', color: 'fg.muted' } },
  /** A text link: bold and underlined, the line a little below the letters. */
  link: {
    tight: underlined('2px'),
    DEFAULT: underlined('3px'),
    loose: underlined('4px'),
  },
  story: {
    /** The large display title of a story page ('About Sixteen'). */
    title: display({ base: '4xl', md: '6xl' }, '1.05'),
    /** The display sentence under a story page's title. */
    lead: {
      value: {
        fontFamily: 'display',
        fontSize: { base: 'xl', md: '2xl' },
        lineHeight: '1.35',
        color: 'ink.600',
        textWrap: 'pretty',
      },
    },
    /** A paragraph of a story page's running text. */
    paragraph: {
      value: { fontSize: { base: 'md', md: 'lg' }, lineHeight: '1.75', color: 'ink.700' },
    },
  },
  // Display headings, by size at 390 px / from 768 px.
  display: {
    /** Programme names on their own pages ('Friends of 16'). */
    programme: display({ base: '5xl', md: '7xl' }, '1'),
    /** Titles of member pages and the login page. */
    page: display({ base: '4xl', md: '5xl' }, 'tight'),
    /** Titles of booking and event pages: a little tighter, with the letters drawn in. */
    hero: {
      value: { ...display({ base: '4xl', md: '5xl' }, '1.05').value, letterSpacing: '-0.01em' },
    },
    /** The landing's tagline over its picture. */
    feature: {
      value: { ...display({ base: '3xl', md: '5xl' }, '1.1').value, textWrap: 'balance' },
    },
    /** The event's name on a ticket: the hero's letters, a size smaller on phones. */
    ticket: {
      value: {
        ...display({ base: '3xl', md: '5xl' }, '1.05').value,
        letterSpacing: '-0.01em',
        textWrap: 'balance',
      },
    },
    /** Titles of forms and simple pages. */
    form: display({ base: '3xl', md: '5xl' }, 'tight'),
    /** Titles of status cards and confirmations. */
    status: display({ base: '3xl', md: '4xl' }, 'tight'),
    /** Section headings of long pages. */
    section: display({ base: '2xl', md: '3xl' }, 'tight'),
    /** Names in a row or a card header (a profile's name, a flow). */
    name: display({ base: '2xl', md: '3xl' }, '1.1'),
    /** Headings of cards in a list. */
    card: display({ base: 'xl', md: '2xl' }, 'snug'),
    /** A large statement in a card (the check-in verdict, a statechart's headline). */
    statement: display({ base: '3xl', md: '4xl' }, '1.1'),
    /** Section headings that keep the line height of the text around them. */
    headline: { value: { fontFamily: 'display', fontSize: { base: '3xl', md: '4xl' } } },
    subhead: { value: { fontFamily: 'display', fontSize: { base: '2xl', md: '3xl' } } },
    /** A large number or mark standing alone (the '16' of a missing page). */
    numeral: { value: { fontFamily: 'display', color: 'clay.400', lineHeight: '1' } },
  },
})
