import { isValidDay, lagosDay } from '../../machines/rules/dates'
import { staffAccount } from '../http/auth'
import { badRequest } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'
import { checkIn } from './check-in'
import { sessionsOfDay } from './day'
import { doorList } from './door-list'
import { syncScans } from './sync'

// The door: the day's sessions, and a ticket checked in once.

export function checkInHandlers(deps: HandlerDeps) {
  const { db, now } = deps
  const getStaffDay: Handler<'getStaffDay'> = async (request) => {
    const { staffRole } = staffAccount(request)
    const date = request.query.date ?? lagosDay(now())
    if (!isValidDay(date)) throw badRequest(`${date} is not a day on the calendar.`)
    return { date, sessions: await sessionsOfDay(db, date), role: staffRole }
  }

  const checkInTicket: Handler<'checkInTicket'> = async (request) => {
    const staff = staffAccount(request)
    const code = request.body.code.trim()
    if (code === '') {
      throw badRequest('The ticket code is empty: scan the QR code again, or type the code.')
    }
    return checkIn(db, code, staff, now())
  }

  const getDoorList: Handler<'getDoorList'> = async (request) => {
    const date = request.query.date ?? lagosDay(now())
    if (!isValidDay(date)) throw badRequest(`${date} is not a day on the calendar.`)
    return doorList(db, date, now())
  }

  const syncCheckIns: Handler<'syncCheckIns'> = async (request) => {
    const staff = staffAccount(request)
    const door = request.body.door.trim()
    if (door === '') throw badRequest("The door's name is empty: name the door in its settings.")
    return { results: await syncScans(db, staff, door, request.body.scans, now()) }
  }

  return { getStaffDay, checkInTicket, getDoorList, syncCheckIns }
}
