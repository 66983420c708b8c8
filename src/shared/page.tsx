import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { column } from '../../styled-system/recipes'
import { SiteHeader } from './site-header'

/** A page's frame: the sticky header and a readable column. */
export function Page({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main
        className={cx(
          column({ width: '3xl' }),
          css({ px: { base: '5', md: '8' }, py: { base: '8', md: '14' } }),
        )}
      >
        {title && <h1 className={css({ textStyle: 'display.form', mb: '6' })}>{title}</h1>}
        {children}
      </main>
    </>
  )
}
