import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

// The contract's schemas (openapi/hotel.yaml), for the tests that check a form's limits against
// the request bodies the server validates: one reader, so the limits have one source.

export type Schema = {
  $ref?: string
  oneOf?: Schema[]
  maxLength?: number
  minLength?: number
  pattern?: string
  properties?: Record<string, Schema>
}

const contract = parse(
  readFileSync(new URL('../../../openapi/hotel.yaml', import.meta.url), 'utf8'),
) as { components: { schemas: Record<string, Schema> } }

export const schemas = contract.components.schemas

/** A schema with its $ref followed (the first of a oneOf: a nullable field's value). */
export const resolved = (schema: Schema | undefined): Schema | undefined => {
  const value = schema?.oneOf?.[0] ?? schema
  return value?.$ref ? schemas[value.$ref.replace('#/components/schemas/', '')] : value
}

/** A property of one of the contract's schemas, its $ref followed. */
export const propertyOf = (schema: string, property: string): Schema | undefined =>
  resolved(schemas[schema]?.properties?.[property])
