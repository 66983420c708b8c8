import { css } from '../../styled-system/css'

// Ark UI's Tabs, drawn as pills on a sand track: the wallet's two wallets, the staff's lists.

export const pillTabList = css({
  display: 'inline-flex',
  p: '1',
  gap: '1',
  bg: 'sand.100',
  borderRadius: 'full',
  mb: '5',
})

export const pillTabTrigger = css({
  px: '5',
  h: '10',
  borderRadius: 'full',
  textStyle: 'note',
  fontWeight: 'semibold',
  cursor: 'pointer',
  _selected: { bg: 'surface', color: 'fg.default', boxShadow: 'sm' },
  focusOutline: 'flush',
})
