/**
 * The pages the service worker answers from the phone: every public page and the outline of a
 * member's pages (the server sends them no personal data: a member page's data comes by the
 * bearer token, after). Never a page with a query (a login link, a payment's return), a
 * confirmation, or the login pages: those are the server's every time.
 */
const KEPT_PAGES = new RegExp(
  '^/(' +
    [
      '',
      'event/[^/]+',
      'menu',
      'about',
      'membership',
      'membership-program',
      'membership/about',
      'co-working',
      'print-studio',
      'profile',
      'profile/(info|edit|bookings|payments|wallet|community|edit-community)',
      'tour',
      'bye-laws',
    ].join('|') +
    ')$',
)

/**
 * The public reads kept for a visit without a network (nothing personal): the spaces and studio
 * items, which decide the menu's 'Book a spot' and 'Print Studio'.
 */
export const PUBLIC_READS = ['/api/schedules', '/api/schedules/print-studio']

/**
 * What a picture never seen shows without a network: a poster's 3:4 frame in the page's sand, a
 * small drawing of a picture in its middle (the <img> keeps its own size and alt).
 */
export const OFFLINE_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><rect width="300" height="400" fill="#efe8dc"/><g fill="none" stroke="#b9ab96" stroke-width="6" stroke-linejoin="round"><rect x="110" y="165" width="80" height="64" rx="6"/><path d="M116 222l24-26 18 18 12-12 16 20"/></g><circle cx="172" cy="182" r="7" fill="#b9ab96"/></svg>`

export const isKeptPage = (url: URL): boolean => url.search === '' && KEPT_PAGES.test(url.pathname)

/** The cache of one version's pages, named after its code (any change of any file renames it). */
export function pagesCacheOf(manifest: Array<{ url: string; revision: string | null }>): string {
  let hash = 2166136261
  for (const { url, revision } of manifest) {
    for (const char of `${url} ${revision ?? ''};`) {
      hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
    }
  }
  return `pages-${hash.toString(36)}`
}

const CARRIED_DATA = '<script id="initial-data" type="application/json">{'

/**
 * A kept page, marked as such in the data it carries (`kept`, src/initial-data.ts): the app then
 * says since when it shows what it shows, and brings it up to date.
 */
export const markKept = (html: string): string =>
  html.replace(CARRIED_DATA, `${CARRIED_DATA}"kept":true,`)
