import type { ReactNode } from 'react'
import { cva } from '../../styled-system/css'

const banner = cva({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '3',
    borderRadius: 'l2',
    fontSize: 'sm',
    fontWeight: 'medium',
  },
  variants: {
    tone: {
      danger: { bg: 'danger.default', color: 'white' },
      warning: { bg: 'sun.300', color: 'ink.900' },
      success: { bg: 'success.default', color: 'white' },
      info: { bg: 'muted', color: 'fg.default' },
    },
    placement: {
      inline: {},
      // Across the top of the page, above the header, for messages about the whole app: in the
      // page's flow, so it covers nothing, and over an open drawer's backdrop, so it is seen.
      top: {
        position: 'relative',
        zIndex: 'toast',
        justifyContent: 'center',
        borderRadius: '0',
        textAlign: 'center',
      },
    },
  },
  defaultVariants: { tone: 'info', placement: 'inline' },
})

/** A message banner; danger and warning banners are announced to screen readers at once. */
export function Banner({
  tone = 'info',
  placement = 'inline',
  children,
}: {
  tone?: 'danger' | 'warning' | 'success' | 'info'
  placement?: 'inline' | 'top'
  children: ReactNode
}) {
  const urgent = tone === 'danger' || tone === 'warning'
  return (
    <div role={urgent ? 'alert' : 'status'} className={banner({ tone, placement })}>
      {children}
    </div>
  )
}
