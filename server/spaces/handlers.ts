import { staffAccount } from '../http/auth'
import { CACHE_POLICIES, sendCached } from '../http/cache/policies'
import type { Handler, HandlerDeps } from '../http/operations'
import {
  createStaffSpace as createSpace,
  staffSpaceOf,
  staffSpaces,
  updateStaffSpace as updateSpace,
} from './staff-spaces'

export function spacesHandlers(deps: HandlerDeps) {
  const { db, now, reads } = deps
  const listSpaces: Handler<'listSpaces'> = async (request, reply) =>
    sendCached(request, reply, await reads.spaces(now()), CACHE_POLICIES.staffEdited)

  const listPrintStudioItems: Handler<'listPrintStudioItems'> = async (request, reply) =>
    sendCached(request, reply, await reads.printStudioItems(now()), CACHE_POLICIES.staffEdited)

  const listStaffSpaces: Handler<'listStaffSpaces'> = async () => ({
    spaces: await staffSpaces(db, now()),
  })

  const getStaffSpace: Handler<'getStaffSpace'> = async (request) => {
    return staffSpaceOf(db, request.params.spaceId, now())
  }

  const createStaffSpace: Handler<'createStaffSpace'> = async (request, reply) => {
    const staff = staffAccount(request)
    const space = await createSpace({ db, actor: staff, now: now() }, request.body)
    reply.code(201)
    return space
  }

  const updateStaffSpace: Handler<'updateStaffSpace'> = async (request) => {
    const staff = staffAccount(request)
    return updateSpace({ db, actor: staff, now: now() }, request.params.spaceId, request.body)
  }

  return {
    listSpaces,
    listPrintStudioItems,
    listStaffSpaces,
    getStaffSpace,
    createStaffSpace,
    updateStaffSpace,
  }
}
