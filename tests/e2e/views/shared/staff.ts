import type { EventDriver, ViewStart, ViewStep } from './define'
import { isNetworkError, openPath, openWithDroppedRequest, SHORT, statusOf } from './member-area'

// What the staff screens share in the browser replay of their model paths: Oluwaseun on the
// staff, Ada (a member, not staff, turned away with a 403), and the staff with a connection that
// drops once. Only tests import this.

export const STAFF = 'Oluwaseun, on the staff'
export const MEMBER = 'Ada, a member but not staff'
export const DROPPING = 'Oluwaseun, the connection dropping once'

/** The three starts of a staff screen that reads `request` (a glob) when it opens, at 390 px. */
export function staffStarts(path: string, request: string): Record<string, ViewStart> {
  const opening = { input: undefined, path, width: 390 }
  return {
    [STAFF]: { ...opening, signIn: 'staff@example.com', open: openPath(path) },
    [MEMBER]: { ...opening, signIn: 'ada@example.com', open: openPath(path) },
    [DROPPING]: {
      ...opening,
      signIn: 'staff@example.com',
      open: openWithDroppedRequest(path, request),
    },
  }
}

/**
 * A staff call's failure: a 401 after the staff member's sessions end, the 403 of a person who is
 * not staff, or the connection dropped on the start that drops it (`dropping`).
 */
export function staffCallError(request: string, dropping = DROPPING): EventDriver {
  return {
    accepts: (event, { start }) =>
      ({ 401: start === STAFF, 403: start === MEMBER })[statusOf(event.error) ?? 0] ??
      (start === dropping && isNetworkError(event.error)),
    server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
    request,
  }
}

/** The screen a person who is not staff sees. */
export const notStaff = async ({ page }: ViewStep) => {
  await page.getByRole('alert').getByText("This is for the hotel's staff").waitFor(SHORT)
}
