// Panda's `css()` and recipe calls turn a style object into class names in the browser, on every
// module load and render. Where the object is written out in the source (nearly every call), the
// build computes those names once, with Panda's own generated functions, and writes them in
// place of the call: the same names, no work on a phone's main thread.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import MagicString from 'magic-string'
import ts from 'typescript'
import type { Plugin } from 'vite'

type ClassNamer = (...args: unknown[]) => string

/** What an expression is worth when the source spells it out whole; NOT_STATIC when it does not. */
const NOT_STATIC = Symbol('not static')

function staticValue(node: ts.Expression): unknown {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isNumericLiteral(node)) return Number(node.text)
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
    return staticValue(node.expression)
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return -Number(node.operand.text)
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map(staticValue)
    return items.includes(NOT_STATIC) ? NOT_STATIC : items
  }
  if (ts.isObjectLiteralExpression(node)) {
    const object: Record<string, unknown> = {}
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) return NOT_STATIC
      const { name } = property
      const key =
        ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
          ? name.text
          : null
      const value = staticValue(property.initializer)
      if (key === null || value === NOT_STATIC) return NOT_STATIC
      object[key] = value
    }
    return object
  }
  return NOT_STATIC
}

/** The local names a module gives to `exported` names of `module` (e.g. `css` of styled-system/css). */
function importedNames(file: ts.SourceFile, module: string, exported: (name: string) => boolean) {
  const names = new Map<string, string>()
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue
    const from = (statement.moduleSpecifier as ts.StringLiteral).text
    if (!from.endsWith(module)) continue
    const bindings = statement.importClause?.namedBindings
    if (!bindings || !ts.isNamedImports(bindings)) continue
    for (const element of bindings.elements) {
      const name = (element.propertyName ?? element.name).text
      if (!element.isTypeOnly && exported(name)) names.set(element.name.text, name)
    }
  }
  return names
}

/** Names declared anywhere in the module (a variable, a parameter, a function): they may shadow an import. */
function declaredNames(file: ts.SourceFile) {
  const names = new Set<string>()
  const visit = (node: ts.Node) => {
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isBindingElement(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      names.add(node.name.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return names
}

export function pandaStaticClasses(): Plugin {
  let css: ClassNamer = () => ''
  let recipes: Record<string, ClassNamer> = {}
  return {
    name: 'panda-static-classes',
    enforce: 'pre',
    apply: 'build',
    async buildStart() {
      // `panda codegen` writes these before the build (package.json's build script).
      const load = (path: string) =>
        import(pathToFileURL(resolve(import.meta.dirname, 'styled-system', path)).href)
      css = (await load('css/index.mjs')).css
      recipes = await load('recipes/index.mjs')
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('styled-system/')) return null
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true)
      const namers = new Map<string, ClassNamer>()
      for (const [local] of importedNames(file, 'styled-system/css', (name) => name === 'css')) {
        namers.set(local, css)
      }
      for (const [local, name] of importedNames(
        file,
        'styled-system/recipes',
        (n) => n in recipes,
      )) {
        namers.set(local, recipes[name] as ClassNamer)
      }
      for (const name of declaredNames(file)) namers.delete(name)
      if (namers.size === 0) return null
      const output = new MagicString(code)
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          const namer = namers.get(node.expression.text)
          const args = node.arguments.map(staticValue)
          if (namer && !args.includes(NOT_STATIC)) {
            output.overwrite(node.getStart(file), node.getEnd(), JSON.stringify(namer(...args)))
            return
          }
        }
        ts.forEachChild(node, visit)
      }
      visit(file)
      if (!output.hasChanged()) return null
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) }
    },
  }
}
