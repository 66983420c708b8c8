import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { Page } from '../shared/page'

export function NotFoundPage() {
  return (
    <Page>
      <div className={css({ textAlign: 'center', py: '16' })}>
        <p className={css({ textStyle: 'display.numeral', fontSize: '7xl' })}>404</p>
        <h1 className={css({ fontFamily: 'display', fontSize: '3xl', mt: '4' })}>Page Not Found</h1>
        <p className={css({ color: 'fg.muted', mt: '2', mb: '8' })}>
          There is nothing at this address. The calendar is a good place to start again.
        </p>
        <Link to="/" className={button({ size: 'lg' })}>
          Back to the calendar
        </Link>
      </div>
    </Page>
  )
}
