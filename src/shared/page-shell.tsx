import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { column } from '../../styled-system/recipes'
import { SiteHeader } from './site-header'
import { Skeleton } from './skeleton'

/**
 * What a page only the browser can render (its content depends on the stored login) shows until
 * its code has run: the header and the outline of a member page. The server sends it as the
 * page's HTML, so a phone on a slow network paints it at once instead of a blank screen; the app
 * renders the page over it (src/main.tsx knows it by `data-page-shell`) once the page's code is
 * there. Only the server renders it.
 */
export function PageShell() {
  return (
    <div data-page-shell="" className={css({ minH: '100dvh', bg: 'canvas' })}>
      <SiteHeader back={<span />} />
      <main
        aria-busy="true"
        className={cx(column({ width: '2xl' }), grid({ pt: { base: '6', md: '12' }, gap: '3' }))}
      >
        <p role="status" className={css({ srOnly: true })}>
          Loading
        </p>
        <Skeleton className={css({ h: '3', w: '24' })} />
        <Skeleton className={css({ h: '10', w: '56', mb: { base: '3', md: '5' } })} />
        <Skeleton className={css({ h: '16', w: 'full' })} />
        <Skeleton className={css({ h: '16', w: 'full' })} />
        <Skeleton className={css({ h: '16', w: 'full' })} />
      </main>
    </div>
  )
}
