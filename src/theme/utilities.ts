import { defineUtility } from '@pandacss/dev'

// How far the keyboard's clay ring stands from the element: `css({ focusOutline: 'outside' })`.
const offsets = { flush: undefined, outside: '2px', inside: '-2px', wide: '4px' } as const

export const focusOutline = defineUtility({
  className: 'focus-outline',
  values: Object.keys(offsets),
  transform(value: keyof typeof offsets, { token }) {
    return {
      '&:is(:focus-visible, [data-focus-visible])': {
        outline: '2px solid',
        outlineColor: token('colors.accent.default'),
        outlineOffset: offsets[value],
      },
    }
  },
})
