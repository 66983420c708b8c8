import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { SiteHeader } from './site-header'

/** A page's frame: the sticky header and a readable column. */
export function Page({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main
        className={css({
          maxW: '3xl',
          mx: 'auto',
          px: { base: '5', md: '8' },
          py: { base: '8', md: '14' },
        })}
      >
        {title && (
          <h1
            className={css({
              fontFamily: 'display',
              fontSize: { base: '3xl', md: '5xl' },
              lineHeight: 'tight',
              mb: '6',
            })}
          >
            {title}
          </h1>
        )}
        {children}
      </main>
    </>
  )
}
