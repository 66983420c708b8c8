import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { column } from '../../styled-system/recipes'
import { SiteHeader } from './site-header'

// The frame of the membership applications (individual, community, member signup): the page's
// header and title, and the form's card.

/**
 * An application's page: the header (brand to /, Menu to /menu), an eyebrow, the title and a
 * line of introduction over the form's card.
 */
export function ApplicationLayout({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string
  title: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <SiteHeader />
      <main
        className={cx(
          column({ width: '3xl' }),
          css({ pt: { base: '6', md: '12' }, pb: { base: '16', md: '20' } }),
        )}
      >
        <p className={css({ textStyle: 'eyebrow', mb: '2' })}>{eyebrow}</p>
        <h1 className={css({ textStyle: 'display.form', mb: '3' })}>{title}</h1>
        <div className={css({ color: 'fg.muted', mb: '8', maxW: '2xl', lineHeight: 'relaxed' })}>
          {intro}
        </div>
        {children}
      </main>
    </>
  )
}

/** The form's card. */
export const formCard = css({
  layerStyle: 'card',
  p: { base: '5', md: '8' },
  boxShadow: '0 1px 2px rgba(26,23,19,0.04), 0 12px 32px -24px rgba(26,23,19,0.25)',
})

/** The application's form in its card: the browser's own checks off, Enter sends `onSubmit`. */
export function ApplicationForm({
  labelledBy,
  onSubmit,
  children,
}: {
  /** The id of the heading that names the form. */
  labelledBy: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      className={formCard}
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}
