import { and, eq, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { lagosDay } from '../../machines/rules/dates'
import type { components } from '../../openapi/schema'
import { fullName, recordAudit } from '../audit'
import type { Account } from '../auth'
import { type BookingRow, bookingTitle } from '../bookings/core'
import type { Db } from '../db/client'
import { accounts, bookings, events } from '../db/schema'

// A ticket at the door (POST /staff/check-ins, docs/decisions/028). One conditional update admits
// it: of any number of scans of one code at once, the database lets one update the row, and the
// others find it checked in. Only when nothing was updated does one read say why.

type CheckIn = components['schemas']['CheckIn']
type TicketHolder = components['schemas']['TicketHolder']

const checker = alias(accounts, 'checker')

function holderOf(row: BookingRow, eventName: string | null): TicketHolder {
  return {
    name: row.name,
    what: bookingTitle(row, eventName),
    type: row.type,
    date: row.date,
    timeSlot: row.timeSlot,
    venue: row.venue,
    visitors: row.visitors,
    namesOfVisitors: row.namesOfVisitors,
  }
}

/** The confirmed booking of a code, with its event's name and who checked it in. */
async function readTicket(db: Db, code: string) {
  const [found] = await db
    .select({
      booking: bookings,
      eventName: events.name,
      checkerFirstName: checker.firstName,
      checkerLastName: checker.lastName,
    })
    .from(bookings)
    .leftJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(checker, eq(checker.id, bookings.checkedInBy))
    .where(and(eq(bookings.ticketCode, code), eq(bookings.status, 'confirmed')))
    .limit(1)
  return found ?? null
}

/**
 * Checks a ticket in for today in Lagos: admitted (now, by `staff`, with its audit entry in the
 * same transaction), already (when and by whom), elsewhere (another day's, not checked in), or
 * unknown (no confirmed booking has the code: held, cancelled and made-up codes alike).
 */
export async function checkIn(db: Db, code: string, staff: Account, now: Date): Promise<CheckIn> {
  const admitted = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ checkedInAt: now, checkedInBy: staff.id })
      .where(
        and(
          eq(bookings.ticketCode, code),
          eq(bookings.status, 'confirmed'),
          eq(bookings.date, lagosDay(now)),
          isNull(bookings.checkedInAt),
        ),
      )
      .returning()
    if (!row) return null
    await recordAudit(tx, {
      at: now,
      actor: staff,
      action: 'check-in',
      subject: row.id,
      before: { checkedInAt: null },
      after: { checkedInAt: now.toISOString(), checkedInBy: staff.id },
    })
    return row
  })

  const found = await readTicket(db, code)
  if (admitted) {
    return {
      result: 'admitted',
      ticket: holderOf(admitted, found?.eventName ?? null),
      checkedInAt: now.toISOString(),
      checkedInBy: fullName(staff),
    }
  }
  if (!found) return { result: 'unknown', ticket: null, checkedInAt: null, checkedInBy: null }
  const { booking, eventName, checkerFirstName, checkerLastName } = found
  const ticket = holderOf(booking, eventName)
  if (booking.checkedInAt) {
    return {
      result: 'already',
      ticket,
      checkedInAt: booking.checkedInAt.toISOString(),
      // Null once the staff member's account is gone; the audit log keeps their name.
      checkedInBy:
        checkerFirstName === null
          ? null
          : fullName({ firstName: checkerFirstName, lastName: checkerLastName ?? '' }),
    }
  }
  if (booking.date !== lagosDay(now)) {
    return { result: 'elsewhere', ticket, checkedInAt: null, checkedInBy: null }
  }
  // Confirmed for today and not in, yet not updated: its card payment was confirmed between the
  // update and this read. Admit it now.
  return checkIn(db, code, staff, now)
}
