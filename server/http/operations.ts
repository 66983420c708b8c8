import type { FastifyReply, FastifyRequest } from 'fastify'
import type { operations } from '../../openapi/schema'
import type { Db } from '../db/client'
import type { PublicReads } from '../events/public-reads'
import type { MailDeps } from '../mail/deps'
import type { PaymentProvider } from '../payments/provider'
import type { RefundWorker } from '../payments/refunds'

export type OperationId = keyof operations

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never
type Op<K extends OperationId> = operations[K]

type Answer<R, S extends number> = R extends { [code in S]: infer A } ? Json<A> : never

/**
 * The JSON body of an operation's success answer (200, or 201 and 202), straight from the
 * contract.
 */
export type SuccessBody<K extends OperationId> = Op<K>['responses'] extends infer R
  ? R extends { 200: infer A }
    ? Json<A>
    : Answer<R, 201> | Answer<R, 202>
  : never

type Params<K extends OperationId> = Op<K>['parameters'] extends { path: infer P }
  ? P extends Record<string, unknown>
    ? P
    : never
  : never
type Query<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q }
  ? Q extends Record<string, unknown>
    ? Q
    : never
  : never
type Body<K extends OperationId> = Op<K>['requestBody'] extends { content: infer C }
  ? C extends { 'application/json': infer B }
    ? B
    : never
  : never

/** A request as fastify-openapi-glue hands it over: already validated against the contract. */
export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Params: Params<K>
  Querystring: Query<K>
  Body: Body<K>
}>

/** One method per operationId; it returns the success body (fastify serializes it by the contract). */
export type Handler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<K>>

/** The whole service: the compiler checks every operation of the contract has a handler. */
export type Services = { [K in OperationId]: Handler<K> }

/** What every service needs; the clock is injectable so days and expiries are testable. */
export interface ServiceDeps {
  db: Db
  now: () => Date
}

/**
 * What an area's handlers are built from (app.ts builds it once): the database and the clock,
 * PUBLIC_URL's origin and the mailer, the public reads, the card provider, the refund queue and
 * the visitors' share of free places (decision 040). Each area's `handlers.ts` takes what it uses.
 */
export interface HandlerDeps extends ServiceDeps, MailDeps {
  reads: PublicReads
  provider: PaymentProvider
  /** Sends a card refund right after its commit; null leaves it to the worker's next round. */
  refunds: RefundWorker | null
  visitorShare: number
}
