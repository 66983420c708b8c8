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
  },
  defaultVariants: { tone: 'info' },
})

/** A message banner; danger and warning banners are announced to screen readers at once. */
export function Banner({
  tone = 'info',
  children,
}: {
  tone?: 'danger' | 'warning' | 'success' | 'info'
  children: ReactNode
}) {
  const urgent = tone === 'danger' || tone === 'warning'
  return (
    <div role={urgent ? 'alert' : 'status'} className={banner({ tone })}>
      {children}
    </div>
  )
}
