import { describe, expect, it } from 'vitest'
import { pandaStaticClasses } from '../../panda-static-classes'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'

// The build writes the class names of style objects spelled out in the source in place of the
// calls, computed by Panda's own functions: the page gets the same names, with no work at run time.

/** A hook of the plugin as a function, whether Vite's object form or a plain one. */
function hook<F>(value: unknown): F {
  return (typeof value === 'function' ? value : (value as { handler: F }).handler) as F
}

async function transform(code: string): Promise<string> {
  const plugin = pandaStaticClasses()
  await hook<() => Promise<void>>(plugin.buildStart).call(null)
  const transformed = hook<(code: string, id: string) => { code: string } | null>(plugin.transform)
  return transformed.call(null, code, '/app/src/components/card.tsx')?.code ?? code
}

const imports = `import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
`

describe('static Panda classes', () => {
  it('writes the class names of a style object spelled out in full', async () => {
    const style = { display: 'flex', px: { base: '4', md: '8' }, _hover: { bg: 'sand.200' } }
    const out = await transform(
      `${imports}const row = css({ display: 'flex', px: { base: '4', md: '8' }, _hover: { bg: 'sand.200' } })`,
    )
    expect(out).toContain(`const row = ${JSON.stringify(css(style))}`)
  })

  it('merges several objects as css() does, and names a recipe’s variants', async () => {
    const out = await transform(
      `${imports}const a = css({ p: '2' }, { p: '4', mt: -1 })\nconst b = button({ variant: 'outline', size: 'sm' })\nconst c = button()`,
    )
    expect(out).toContain(`const a = ${JSON.stringify(css({ p: '2' }, { p: '4', mt: -1 }))}`)
    expect(out).toContain(`const b = ${JSON.stringify(button({ variant: 'outline', size: 'sm' }))}`)
    expect(out).toContain(`const c = ${JSON.stringify(button())}`)
  })

  it('leaves a call whose style depends on the running code', async () => {
    const source = `${imports}export const Card = ({ closed }: { closed: boolean }) => css({ filter: closed ? 'grayscale(1)' : undefined, ...rest })`
    expect(await transform(source)).toBe(source)
  })

  it('leaves a module whose own declaration shadows the import', async () => {
    const source = `${imports}const f = (css: (s: object) => string) => css({ p: '2' })`
    expect(await transform(source)).toBe(source)
  })

  it('leaves a module that does not use Panda', async () => {
    const source = `const css = (s: object) => 'x'\nconst a = css({ p: '2' })`
    expect(await transform(source)).toBe(source)
  })
})
