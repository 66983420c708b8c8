import { dayInFull, daysBetween, isMonday } from '../rules/dates'
import type { DownloadAsk } from './machine'

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

/** What each spreadsheet's part of its page says. */
export const DOWNLOAD_TEXTS: Record<
  DownloadAsk['kind'],
  { title: string; lead: string; button: string }
> = {
  guests: {
    title: 'Guest list',
    lead: 'Everyone booked, with their e-mail, phone, answers and what they paid, as a spreadsheet (CSV) for the door or the organiser.',
    button: 'Download the guest list',
  },
  bookings: {
    title: 'Spreadsheet of the day',
    lead: 'Every booking of the day, held and cancelled ones too, with what was paid and who came in, as a spreadsheet (CSV).',
    button: "Download the day's bookings",
  },
}

/** What the page says once the file is saved: its name, where the phone keeps downloads. */
export const savedLine = (fileName: string) =>
  `Downloaded ${fileName}: it is in your downloads, and opens in any spreadsheet.`
