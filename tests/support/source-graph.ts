/**
 * The project's modules as the TypeScript compiler reads them: each file
 * parsed once, its import specifiers resolved with tsconfig.json's settings
 * (the `~/` alias, extensionless paths, index files). Used by the tests that
 * read the code's shape: no import cycle, no domain exporting a raw writer.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { sources } from "./sources";

const ROOT = path.resolve(import.meta.dirname, "../..");

const compilerOptions = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config, ts.sys, ROOT).options;

/** A path relative to the project's root, with forward slashes (how failures name files). */
export function projectPath(file: string): string {
  return path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join("/");
}

/** The TypeScript files under `dir` (project-relative), tests left out. */
export function sourceFiles(dir: string): string[] {
  return sources(projectPath(dir)).map(projectPath);
}

const parsed = new Map<string, ts.SourceFile>();

/** The parsed module (project-relative path). */
export function sourceFile(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const absolute = path.join(ROOT, file);
    source = ts.createSourceFile(absolute, readFileSync(absolute, "utf8"), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/** The project module a specifier in `from` names, or null for a package (or a declaration file). */
export function resolveModule(specifier: string, from: string): string | null {
  const resolved = ts.resolveModuleName(specifier, path.join(ROOT, from), compilerOptions, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith(".d.ts")) return null;
  const file = projectPath(resolved.resolvedFileName);
  return file.startsWith("node_modules/") || file.startsWith("..") ? null : file;
}

/**
 * The project modules `file` loads when it runs: its static imports and
 * re-exports, as compiled. `import type` and `export type` are erased; with
 * verbatimModuleSyntax `import { type A } from "x"` still loads "x" (it
 * compiles to `import {} from "x"`), so it counts. A dynamic `import()` runs
 * later, not while the module is evaluated, and is left out.
 */
export function runtimeImports(file: string): string[] {
  const imports: string[] = [];
  for (const statement of sourceFile(file).statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifier = statement.moduleSpecifier;
    else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const target = resolveModule(specifier.text, file);
    if (target) imports.push(target);
  }
  return imports;
}

/**
 * Every import cycle among the modules reached from `roots`, one per strongly
 * connected group, each as the path that closes it (`a.ts -> b.ts -> a.ts`).
 */
export function importCycles(roots: readonly string[]): string[][] {
  const graph = new Map<string, string[]>();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const imports = runtimeImports(file);
    graph.set(file, imports);
    pending.push(...imports);
  }
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || graph.get(group[0]!)!.includes(group[0]!))
    .map((group) => shortestCycle(graph, group));
}

/** Tarjan's algorithm, iteratively (a deep import chain must not overflow the stack). */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node)!;
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** The shortest way round a group, from its first member (by name) back to it. */
function shortestCycle(graph: Map<string, string[]>, group: string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node)!) {
      if (!members.has(to)) continue;
      if (to === start) {
        const cycle = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return group;
}

const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module exports as values (functions, constants, classes; types left out), re-exports followed. */
export function exportedValueNames(file: string): string[] {
  const names: string[] = [];
  for (const statement of sourceFile(file).statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const target = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? resolveModule(statement.moduleSpecifier.text, file) : null;
      if (!statement.exportClause) names.push(...(target ? exportedValueNames(target) : []));
      else if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) if (!element.isTypeOnly && exportedDeclaration(file, element.name.text)) names.push(element.name.text);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name && isExported(statement)) names.push(statement.name.text);
    else if (ts.isVariableStatement(statement) && isExported(statement))
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
  }
  return [...new Set(names)].sort();
}

export type Declaration = { file: string; node: ts.FunctionDeclaration | ts.VariableDeclaration | ts.ClassDeclaration };

/** The value declaration a module's export `name` stands for, following re-exports and imports; null for a type or a package's value. */
export function exportedDeclaration(file: string, name: string): Declaration | null {
  return declarationIn(file, name, true);
}

function declarationIn(file: string, name: string, exportedOnly: boolean): Declaration | null {
  const source = sourceFile(file);
  const follow = (specifier: ts.Expression | undefined, as: string) => {
    const target = specifier && ts.isStringLiteral(specifier) ? resolveModule(specifier.text, file) : null;
    return target ? declarationIn(target, as, true) : null;
  };
  for (const statement of source.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name && (!exportedOnly || isExported(statement)))
      return { file, node: statement };
    if (ts.isVariableStatement(statement) && (!exportedOnly || isExported(statement)))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return { file, node: declaration };
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && exportedOnly) {
      if (!statement.exportClause) {
        const found = follow(statement.moduleSpecifier, name);
        if (found) return found;
      } else if (ts.isNamedExports(statement.exportClause)) {
        const element = statement.exportClause.elements.find((e) => e.name.text === name && !e.isTypeOnly);
        if (element) {
          const local = element.propertyName?.text ?? name;
          return statement.moduleSpecifier ? follow(statement.moduleSpecifier, local) : declarationIn(file, local, false);
        }
      }
    }
    if (ts.isImportDeclaration(statement) && !exportedOnly && !statement.importClause?.isTypeOnly) {
      const bindings = statement.importClause?.namedBindings;
      const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name && !e.isTypeOnly) : undefined;
      if (element) return follow(statement.moduleSpecifier, element.propertyName?.text ?? name);
    }
  }
  return null;
}

/** The expression without parentheses, `as`, `satisfies` and `!`. */
function bare(expression: ts.Expression): ts.Expression {
  let at = expression;
  while (ts.isParenthesizedExpression(at) || ts.isAsExpression(at) || ts.isSatisfiesExpression(at) || ts.isNonNullExpression(at)) at = at.expression;
  return at;
}

/** The object literals an expression may stand for: itself, either branch of `?:` or `??`, a variable's initializer in the same module. */
function objectLiterals(expression: ts.Expression, source: ts.SourceFile, seen = new Set<ts.Node>()): ts.ObjectLiteralExpression[] {
  const at = bare(expression);
  if (seen.has(at)) return [];
  seen.add(at);
  if (ts.isObjectLiteralExpression(at)) return [at];
  if (ts.isConditionalExpression(at)) return [...objectLiterals(at.whenTrue, source, seen), ...objectLiterals(at.whenFalse, source, seen)];
  if (ts.isBinaryExpression(at) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(at.operatorToken.kind))
    return [...objectLiterals(at.left, source, seen), ...objectLiterals(at.right, source, seen)];
  if (ts.isIdentifier(at)) {
    const found: ts.ObjectLiteralExpression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === at.text && node.initializer) found.push(...objectLiterals(node.initializer, source, seen));
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }
  return [];
}

const keyName = (name: ts.PropertyName | undefined) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    ? name.text
    : name && ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)
      ? name.expression.text
      : undefined;

/** True when the object literal has a `key` property, in any position, shorthand, quoted or spread in from another literal. */
function hasKey(object: ts.ObjectLiteralExpression, key: string, source: ts.SourceFile): boolean {
  return object.properties.some((property) =>
    ts.isSpreadAssignment(property) ? objectLiterals(property.expression, source).some((inner) => hasKey(inner, key, source)) : keyName(property.name) === key,
  );
}

/** The table a write names: `ivrs` for `ivrs`, `schema.ivrs` or `S.ivrs`. */
const tableName = (expression: ts.Expression, source: ts.SourceFile) => {
  const at = bare(expression);
  return ts.isPropertyAccessExpression(at) ? at.name.text : at.getText(source);
};

/** A call `<receiver>.<method>(<first>, ...)`: its receiver and first argument, else null. */
function methodCall(node: ts.Node, method: string): { receiver: ts.Expression; first: ts.Expression } | null {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== method || !node.arguments[0]) return null;
  return { receiver: bare(node.expression.expression), first: node.arguments[0] };
}

/** A write the code makes to a table: a row inserted, or its `status` column set. */
export type TableWrite = { file: string; line: number; table: string; what: "insert" | "status" };

function writesUnder(node: ts.Node, file: string): TableWrite[] {
  const source = sourceFile(file);
  const writes: TableWrite[] = [];
  const at = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const visit = (n: ts.Node) => {
    const set = methodCall(n, "set");
    const update = set && methodCall(set.receiver, "update");
    if (set && update && objectLiterals(set.first, source).some((values) => hasKey(values, "status", source)))
      writes.push({ file, line: at(n), table: tableName(update.first, source), what: "status" });
    const insert = methodCall(n, "insert");
    if (insert) writes.push({ file, line: at(n), table: tableName(insert.first, source), what: "insert" });
    // SQL written by hand: `update "ivrs" set ... status ...` or `insert into "ivrs"`.
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText(source).endsWith("sql")) {
      const text = n.template.getText(source);
      for (const match of text.matchAll(/update\s+"?(\w+)"?\s+set\b[^;]*?"?\bstatus\b"?\s*=/gi)) writes.push({ file, line: at(n), table: match[1]!, what: "status" });
      for (const match of text.matchAll(/insert\s+into\s+"?(\w+)"?/gi)) writes.push({ file, line: at(n), table: match[1]!, what: "insert" });
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return writes;
}

/**
 * Every write a module makes itself to a table's rows or its `status` column:
 * each `.insert(<table>)`, each `.update(<table>).set(<values>)` whose values
 * have a `status` key (in any position, shorthand, quoted, spread, in a branch
 * or a variable), and SQL written by hand in a `sql` template that inserts
 * into a table or sets its status.
 */
export function tableWrites(file: string): TableWrite[] {
  return writesUnder(sourceFile(file), file);
}

/**
 * The tables whose `status` column the declaration's body writes itself: each
 * `.update(<table>).set(<values>)` whose values have a `status` key. Calls of
 * other functions are not followed.
 */
export function statusColumnWrites({ file, node }: Declaration): string[] {
  const source = sourceFile(file);
  const tables: string[] = [];
  const visit = (at: ts.Node) => {
    const set = methodCall(at, "set");
    const update = set && methodCall(set.receiver, "update");
    if (set && update && objectLiterals(set.first, source).some((values) => hasKey(values, "status", source))) tables.push(update.first.getText(source));
    ts.forEachChild(at, visit);
  };
  visit(node);
  return tables;
}
