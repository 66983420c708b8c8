import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { lagosDay } from '../../machines/rules/dates'
import { isActiveStatus } from '../../machines/rules/membership'
import { accounts, applications, communities, communityMembers, invites } from '../db/schema'
import { optionalAccount, requireAccount } from '../http/auth'
import { badRequest, conflict, forbidden, notFound } from '../http/http-error'
import type { Handler, HandlerDeps } from '../http/operations'
import { queueMail } from '../mail/outbox'
import { effectiveStatus } from '../memberships/membership'
import { createdCommunity } from '../memberships/plan-payment'
import {
  ACCOUNT_EXISTS,
  applicationFields,
  bodyOf,
  communityBody,
  invitationLink,
  invitationText,
  inviteCode,
  lockOwnCommunity,
  membersOf,
  normal,
  PENDING_STATUS,
  plural,
  seatsOf,
} from './communities'

export function communitiesHandlers(deps: HandlerDeps) {
  const { db, now, publicUrl, mailer } = deps
  /** Communities the signed-in person created or is an Active member of; their own first. */
  const listCommunities: Handler<'listCommunities'> = async (request) => {
    const account = requireAccount(request)
    const memberOf = db
      .select({ id: communityMembers.communityId })
      .from(communityMembers)
      .where(and(eq(communityMembers.email, account.email), eq(communityMembers.status, 'Active')))
    const rows = await db
      .select()
      .from(communities)
      .where(or(eq(communities.creatorEmail, account.email), inArray(communities.id, memberOf)))
      .orderBy(
        sql`${communities.creatorEmail} <> ${account.email}`,
        asc(communities.createdAt),
        asc(communities.id),
      )
    const members = await membersOf(
      db,
      rows.map((row) => row.id),
    )
    return { status: 'success', data: rows.map((row) => communityBody(row, members)) }
  }

  const createCommunity: Handler<'createCommunity'> = async (request, reply) => {
    const account = optionalAccount(request)
    const body = request.body
    const creatorEmail = normal(body.creatorEmail)
    if (account) {
      if (creatorEmail !== account.email) {
        throw forbidden('You may only create a community as yourself: creatorEmail must be yours.')
      }
      if (body.application !== null) {
        throw badRequest(
          'You are signed in: send application as null; your account’s details are used.',
        )
      }
    } else {
      if (body.application === null) {
        throw badRequest(
          'Tell us about yourself: application is needed when you are not signed in.',
        )
      }
      if (normal(body.application['Email Address']) !== creatorEmail) {
        throw badRequest(
          "creatorEmail and the application's Email Address must be the same address.",
        )
      }
      const born = body.application['Date of Birth']
      if (born && born > lagosDay(now())) {
        throw badRequest('Date of Birth cannot be in the future.')
      }
    }
    const application = account ? null : body.application

    const created = await db.transaction(async (tx) => {
      // One application per address at a time, even when the form is sent twice at once.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(1617, hashtext(${creatorEmail}))`)
      if (!account) {
        const [existing] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.email, creatorEmail))
        if (existing) throw conflict(ACCOUNT_EXISTS)
      }
      const previous = await createdCommunity(tx, creatorEmail)
      if (previous) {
        throw conflict(
          account
            ? `You have already created a community: '${previous.name}'.`
            : 'A community application for this e-mail has already been received.',
        )
      }
      const at = now()
      const [row] = await tx
        .insert(communities)
        .values({
          name: body.communityName.trim(),
          status: PENDING_STATUS,
          creatorEmail,
          numberOfMembers: body.numberOfMembers,
          about: body.aboutCommunity.trim(),
          goals: body.communityGoals.trim(),
          registered: body.registered,
          createdAt: at,
        })
        .returning()
      if (!row) throw new Error('createCommunity: the insert returned no row')
      // The creator is the community's first member: a community of 4 is the creator and 3 more.
      await tx
        .insert(communityMembers)
        .values({ communityId: row.id, email: creatorEmail, status: 'Active', createdAt: at })
      if (application) {
        await tx.insert(applications).values({
          kind: 'community',
          email: creatorEmail,
          communityId: row.id,
          fields: applicationFields(application, creatorEmail),
          createdAt: at,
        })
      }
      const name = account?.firstName ?? application?.['First Name'] ?? ''
      // A community not paid yet lowers nobody: a member active before applying stays active.
      const stillActive = account ? isActiveStatus(await effectiveStatus(tx, account)) : false
      const text = application
        ? [
            `Hello ${name},`,
            '',
            `Thank you for applying for community membership of Friends of 16 for '${row.name}' (${row.numberOfMembers} members).`,
            '',
            'We read every application and will e-mail you once yours has been reviewed, with a link to log in and pay for your community plan.',
            '',
            'Sixteen',
            '',
          ]
        : [
            `Hello ${name},`,
            '',
            `Your community '${row.name}' (${row.numberOfMembers} members) is set up: there is nothing more to review, it waits for its payment.`,
            '',
            `Pay for your community plan to activate it, then invite your members: ${publicUrl}/profile/payment`,
            '',
            stillActive
              ? 'Until then your own membership stays as it is: you are an active member, as before.'
              : 'Until then your own membership stays as it is.',
            '',
            'Sixteen',
            '',
          ]
      await queueMail(tx, {
        to: creatorEmail,
        subject: application
          ? `We received your community application for '${row.name}'`
          : `Your community '${row.name}' is set up`,
        text: text.join('\n'),
      })
      return bodyOf(tx, row)
    })
    mailer?.kick()
    reply.code(201)
    return {
      status: 'success',
      message: application
        ? 'Application received. We will e-mail you once it has been reviewed.'
        : 'Community set up. Pay for its plan to activate it; your own membership stays as it is until then.',
      data: created,
    }
  }

  const inviteCommunityMembers: Handler<'inviteCommunityMembers'> = async (request) => {
    const account = requireAccount(request)
    const { communityId } = request.body
    const emails = [...new Set(request.body.members.map(normal))]
    const inviter = `${account.firstName} ${account.lastName}`.trim() || account.email
    const data = await db.transaction(async (tx) => {
      const community = await lockOwnCommunity(tx, communityId, account.email)
      const members = await membersOf(tx, [community.id])
      const seats = seatsOf(community, members)
      const already = emails.filter((email) => seats.has(email))
      if (already.length > 0) {
        throw conflict(
          `${already.join(', ')} ${already.length === 1 ? 'is' : 'are'} already in this community.`,
        )
      }
      const room = community.numberOfMembers - seats.size
      if (emails.length > room) {
        throw conflict(
          room <= 0
            ? `This community is full: it has ${community.numberOfMembers} places, all taken by members and invitations.`
            : `This community has room for ${plural(room, 'more member', 'more members')}: it has ${community.numberOfMembers} places.`,
        )
      }
      const known = await tx
        .select({ email: accounts.email, firstName: accounts.firstName })
        .from(accounts)
        .where(inArray(accounts.email, emails))
      const at = now()
      for (const email of emails) {
        const person = known.find((row) => row.email === email) ?? null
        await tx
          .insert(communityMembers)
          .values({ communityId: community.id, email, status: 'Pending', createdAt: at })
        await tx.insert(invites).values({
          code: inviteCode(),
          email,
          firstName: person?.firstName ?? '',
          communityId: community.id,
          status: 'Pending',
          createdAt: at,
        })
        const link = invitationLink(publicUrl, community, email, person !== null)
        await queueMail(tx, {
          to: email,
          subject: `${inviter} invited you to join '${community.name}'`,
          text: invitationText(
            inviter,
            community,
            person?.firstName ?? null,
            link,
            person !== null,
          ),
        })
      }
      return bodyOf(tx, community)
    })
    mailer?.kick()
    return {
      status: 'success',
      message: emails.length === 1 ? 'Member added successfully' : 'Members added successfully',
      data,
    }
  }

  const removeCommunityMembers: Handler<'removeCommunityMembers'> = async (request) => {
    const account = requireAccount(request)
    const { communityId } = request.body
    const emails = [...new Set(request.body.memberEmails.map(normal))]
    const data = await db.transaction(async (tx) => {
      const community = await lockOwnCommunity(tx, communityId, account.email)
      if (emails.includes(community.creatorEmail)) {
        throw badRequest("The community's creator cannot be removed.")
      }
      const members = await membersOf(tx, [community.id])
      const unknown = emails.filter((email) => !members.some((member) => member.email === email))
      if (unknown.length > 0) {
        throw notFound(
          `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in this community.`,
        )
      }
      await tx
        .delete(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, community.id),
            inArray(communityMembers.email, emails),
          ),
        )
      // Their invitations to this community can no longer be accepted.
      await tx
        .delete(invites)
        .where(
          and(
            eq(invites.communityId, community.id),
            inArray(invites.email, emails),
            eq(invites.status, 'Pending'),
          ),
        )
      // A removed member whose membership came from this community (it ends when the
      // community's does) is no longer a member; one who paid for longer keeps their own.
      if (community.membershipExpiry) {
        await tx
          .update(accounts)
          .set({ subscriptionStatus: 'Inactive' })
          .where(
            and(
              inArray(accounts.email, emails),
              eq(accounts.role, 'Community Member'),
              eq(accounts.subscriptionExpiry, community.membershipExpiry),
            ),
          )
      }
      return bodyOf(tx, community)
    })
    return {
      status: 'success',
      message: emails.length === 1 ? 'Member removed successfully' : 'Members removed successfully',
      data,
    }
  }

  const joinCommunity: Handler<'joinCommunity'> = async (request) => {
    const account = requireAccount(request)
    const data = await db.transaction(async (tx) => {
      const [community] = await tx
        .select()
        .from(communities)
        .where(eq(communities.id, request.body.communityId))
        .for('update')
      if (!community) throw notFound('This community does not exist.')
      const [member] = await tx
        .select()
        .from(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, community.id),
            eq(communityMembers.email, account.email),
          ),
        )
      if (community.creatorEmail === account.email || member?.status === 'Active') {
        throw conflict('You are already a member of this community.')
      }
      if (!member) throw forbidden('You have not been invited to this community.')
      await tx
        .update(communityMembers)
        .set({ status: 'Active' })
        .where(
          and(
            eq(communityMembers.communityId, community.id),
            eq(communityMembers.email, account.email),
          ),
        )
      await tx
        .update(invites)
        .set({ status: 'Used' })
        .where(
          and(
            eq(invites.communityId, community.id),
            eq(invites.email, account.email),
            eq(invites.status, 'Pending'),
          ),
        )
      // An active community makes its members active until it expires (or longer, if paid).
      const activeUntil =
        isActiveStatus(community.status) &&
        community.membershipExpiry &&
        community.membershipExpiry.getTime() > now().getTime()
          ? community.membershipExpiry
          : null
      const own =
        isActiveStatus(account.subscriptionStatus) && account.subscriptionExpiry
          ? account.subscriptionExpiry
          : null
      await tx
        .update(accounts)
        .set(
          activeUntil
            ? {
                role: 'Community Member',
                subscriptionStatus: 'Active',
                subscriptionExpiry:
                  own && own.getTime() > activeUntil.getTime() ? own : activeUntil,
              }
            : { role: 'Community Member' },
        )
        .where(eq(accounts.id, account.id))
      return bodyOf(tx, community)
    })
    return { status: 'success', message: `Welcome to '${data.Name}'.`, data }
  }

  const setCommunitySize: Handler<'setCommunitySize'> = async (request) => {
    const account = requireAccount(request)
    const { communityId, numberOfMembers } = request.body
    const data = await db.transaction(async (tx) => {
      const community = await lockOwnCommunity(tx, communityId, account.email)
      const members = await membersOf(tx, [community.id])
      const taken = seatsOf(community, members).size
      if (numberOfMembers < taken) {
        throw conflict(
          `Your community has ${taken} members and invitations: choose a size of at least ${taken}, or remove someone first.`,
        )
      }
      const active =
        isActiveStatus(community.status) &&
        community.membershipExpiry !== null &&
        community.membershipExpiry.getTime() > now().getTime()
      if (active && numberOfMembers > community.numberOfMembers) {
        throw conflict(
          `Your community's membership is active for ${community.numberOfMembers} members: choose a larger plan when you renew.`,
        )
      }
      const [changed] = await tx
        .update(communities)
        .set({ numberOfMembers })
        .where(eq(communities.id, community.id))
        .returning()
      return communityBody(changed ?? community, members)
    })
    return {
      status: 'success',
      message: `Your community now has ${data['Number of Members']} places.`,
      data,
    }
  }

  return {
    listCommunities,
    createCommunity,
    inviteCommunityMembers,
    removeCommunityMembers,
    joinCommunity,
    setCommunitySize,
  }
}
