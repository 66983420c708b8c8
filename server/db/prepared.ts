import { is, type SQL } from 'drizzle-orm'
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core'
import type { Db, DbQueryResult, Tx } from './client'

// The statements a booking runs on every request, built once (drizzle's building of a query costs
// more than PostgreSQL's answer to it on this path: docs/decisions/026) and prepared by
// PostgreSQL once per connection under their name. Values are bound to sql.placeholder(...).

const dialect = new PgDialect()

/**
 * A raw statement turned into SQL once; each call binds `values` to its placeholders and runs it
 * on `db` (or in the transaction `db` is), as a statement node-postgres prepares under `name`.
 */
export function preparedStatement<Row extends Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Db | Tx, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement)
  return async (db, values) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false)
    const result = (await prepared.execute(values)) as DbQueryResult<Row>
    return result.rows
  }
}

/**
 * A query builder's prepared query, made once per database (its statement named in `make`); in a
 * transaction, made again each time, since a prepared query runs on the connection it was made
 * for.
 */
export function perDatabase<Query>(make: (db: Db | Tx) => Query): (db: Db | Tx) => Query {
  const made = new WeakMap<Db, Query>()
  return (db) => {
    if (is(db, PgTransaction)) return make(db)
    let query = made.get(db as Db)
    if (query === undefined) {
      query = make(db)
      made.set(db as Db, query)
    }
    return query
  }
}
