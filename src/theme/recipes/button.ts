import { defineRecipe } from '@pandacss/dev'

export const button = defineRecipe({
  className: 'button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'full',
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s, color 0.15s, box-shadow 0.15s',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
    _disabled: { cursor: 'not-allowed', opacity: 0.55 },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'fg.onAccent',
        _hover: { _enabled: { bg: 'accent.emphasized' } },
      },
      outline: {
        borderWidth: '1px',
        borderColor: 'ink.800',
        color: 'fg.default',
        bg: 'transparent',
        _hover: { bg: 'muted' },
      },
      ghost: { color: 'fg.default', bg: 'transparent', _hover: { bg: 'muted' } },
      danger: { bg: 'danger.default', color: 'fg.onAccent' },
      muted: { bg: 'sand.200', color: 'fg.muted' },
    },
    size: {
      sm: { h: '8', px: '3.5', fontSize: 'sm' },
      md: { h: '10', px: '5', fontSize: 'sm' },
      lg: { h: '12', px: '6', fontSize: 'md' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})
