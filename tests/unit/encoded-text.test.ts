import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { EncodedText, preferredEncoding } from '../../server/http/cache/encoded-text'

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (accept, expected) => {
    expect(preferredEncoding(accept)).toBe(expected)
  })
})

describe('EncodedText', () => {
  const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'Jazz' })))

  it('compresses once per encoding: the same buffer for every caller', () => {
    const encoded = new EncodedText(text)
    const first = encoded.for('gzip')
    expect(first.encoding).toBe('gzip')
    expect(gunzipSync(first.body as Buffer).toString('utf8')).toBe(text)
    expect(encoded.for('gzip, deflate').body).toBe(first.body)
  })

  it('sends a short text as it is', () => {
    expect(new EncodedText('{"status":"success"}').for('br')).toEqual({
      encoding: null,
      body: '{"status":"success"}',
    })
  })
})
