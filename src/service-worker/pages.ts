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
