import { dayInFull, daysBetween, isMonday } from '../rules/dates'

/** The days a guest list can be asked for: every day (null) first, then each of the event's. */
export function guestListDays(draft: {
  startDay: string
  endDay: string
}): { day: string | null; label: string }[] {
  const days = daysBetween(draft.startDay, draft.endDay).filter((day) => !isMonday(day))
  return days.length < 2
    ? []
    : [{ day: null, label: 'Every day' }, ...days.map((day) => ({ day, label: dayInFull(day) }))]
}

/** What the page says once the file is saved: its name, where the phone keeps downloads. */
export const savedLine = (fileName: string) =>
  `Downloaded ${fileName}: it is in your downloads, and opens in any spreadsheet.`
