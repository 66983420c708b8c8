import { css } from '../../styled-system/css'
import { Page } from '../components/page'

/** A screen whose issue has not landed yet: its heading, and an honest line. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className={css({ color: 'fg.muted' })}>This part of the app is on its way.</p>
    </Page>
  )
}
