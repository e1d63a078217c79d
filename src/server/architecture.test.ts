// The module structure, checked over the real sources (weaknesses 31, 36 and 37 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces"): that console's modules
// imported each other in circles held together by lazy property access, its job fetchers kept the
// running job in a module-level `let` that concurrent jobs overwrote, and it carried modules
// nothing used. The import graph is read with the TypeScript parser (no type checking, so the whole
// tree parses in about a second).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Entry points that run in production: the server, the web app, the simulator's CLI, `pushboard`. */
const PRODUCTION_ENTRIES = [
  'src/main.ts',
  'src/web/main.tsx',
  'src/simulator/cli.ts',
  'src/cli/main.ts',
];
/** Folders whose files are entry points of their own (tooling, benchmarks, browser tests). */
const TOOLING_FOLDERS = ['scripts', 'bench', 'test'];
/** Configuration files that name source files (test setup files). */
const CONFIG_FILES = ['vitest.config.ts', 'vite.config.ts'];

const isSource = (file: string) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

function filesUnder(folder: string): string[] {
  const absolute = join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return isSource(entry.name) ? [path] : [];
  });
}

/** The repo-relative file an import specifier names, or undefined for a package import. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    base.replace(/\.js$/, '.ts'),
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  const found = candidates.find(
    (c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile(),
  );
  return found && isSource(found) ? found : undefined;
}

interface ModuleInfo {
  /** Imports that exist at run time (`import type` is erased under verbatimModuleSyntax). */
  runtime: Set<string>;
  /** Every import, type-only ones included. */
  all: Set<string>;
  source: ts.SourceFile;
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

function readModule(file: string): ModuleInfo {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const runtime = new Set<string>();
  const all = new Set<string>();
  const add = (specifier: string, typeOnly: boolean) => {
    const target = resolveImport(file, specifier);
    if (!target) return;
    all.add(target);
    if (!typeOnly) runtime.add(target);
  };
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      add(statement.moduleSpecifier.text, isTypeOnly(statement));
    }
  }
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    // A child process started from a file: new URL('./testing/worker.ts', import.meta.url).
    if (
      ts.isNewExpression(node) &&
      node.expression.getText() === 'URL' &&
      node.arguments?.[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.arguments[1]?.getText() === 'import.meta.url'
    ) {
      add(node.arguments[0].text, false);
    }
    // Config files name files from the root (vitest's setupFiles: ['src/web/test-setup.ts']).
    if (!file.includes('/') && ts.isStringLiteralLike(node) && node.text.startsWith('src/')) {
      add(`./${node.text}`, false);
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return { runtime, all, source };
}

const sourceFiles = filesUnder('src');
const toolingFiles = [
  ...TOOLING_FOLDERS.flatMap(filesUnder),
  ...CONFIG_FILES.filter((f) => existsSync(join(ROOT, f))),
];
const modules = new Map([...sourceFiles, ...toolingFiles].map((f) => [f, readModule(f)]));

/** Strongly connected components with more than one module, or a module importing itself. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

function reachableFrom(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of modules.get(file)?.all ?? []) queue.push(target);
  }
  return seen;
}

const runtimeGraph = new Map([...modules].map(([file, info]) => [file, info.runtime]));
const allGraph = new Map([...modules].map(([file, info]) => [file, info.all]));

const areaOf = (file: string) => /^src\/server\/(\w+)\//.exec(file)?.[1];

describe('the import graph', () => {
  it('is read from the whole tree', () => {
    expect(sourceFiles.length).toBeGreaterThan(300);
    const edges = [...modules.values()].reduce((sum, info) => sum + info.runtime.size, 0);
    expect(edges).toBeGreaterThan(1000);
    expect(modules.get('src/main.ts')?.runtime.size).toBeGreaterThan(5);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', new Set(['a'])]]))).toEqual([['a']]);
  });

  it('has no circular imports between modules that run (weakness 36)', () => {
    expect(cycles(runtimeGraph)).toEqual([]);
  });

  it('has no circular imports even counting type-only ones', () => {
    // Type-only imports are erased before anything runs (verbatimModuleSyntax), yet a circle of
    // types still ties the modules together: neither can be read, moved or tested without the
    // other. The HTTP app's types live in http/app-instance.ts so that route modules need not
    // import app.ts, which imports them all.
    expect(cycles(allGraph)).toEqual([]);
  });

  it('inside the server, the lower layers never import the upper ones', () => {
    // http → services → (sync, jobs, salesforce, db, live); db is the floor.
    const forbidden: Record<string, string[]> = {
      db: ['http', 'services', 'sync', 'jobs', 'salesforce', 'live'],
      salesforce: ['http', 'services', 'sync', 'jobs', 'live'],
      sync: ['http', 'services'],
      jobs: ['http', 'services'],
      live: ['http', 'services', 'sync'],
      services: ['http'],
    };
    const violations = [...modules]
      .filter(([file]) => !isTestFile(file) && !file.includes('/testing/'))
      .flatMap(([file, info]) => {
        const area = areaOf(file);
        const banned = area ? (forbidden[area] ?? []) : [];
        return [...info.all]
          .filter((target) => banned.includes(areaOf(target) ?? ''))
          .map((target) => `${file} → ${target}`);
      });
    expect(violations).toEqual([]);
  });
});

describe('module-level state (weakness 31)', () => {
  it('no server module keeps mutable state at module level', () => {
    const found: string[] = [];
    for (const [file, info] of modules) {
      const serverCode = file === 'src/main.ts' || file.startsWith('src/server/');
      if (!serverCode || isTestFile(file) || file.includes('/testing/')) continue;
      for (const statement of info.source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
        for (const declaration of statement.declarationList.declarations) {
          const name = declaration.name.getText();
          if (!isConst) {
            found.push(`${file}: let/var ${name}`);
            continue;
          }
          const init = declaration.initializer;
          const collection =
            init && ts.isNewExpression(init) && /^(Map|Set|Array)$/.test(init.expression.getText());
          // An upper-case Set is a read-only lookup table (e.g. SAFE_METHODS); a lower-case one is
          // state. A WeakMap is allowed: it is keyed by the instance (a Database, a Fastify app)
          // whose state it holds, so two instances, or two jobs holding their own, never share it.
          if (collection && !/^[A-Z0-9_]+$/.test(name)) {
            found.push(`${file}: ${name} = ${init.getText().slice(0, 40)}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('dead modules (weakness 37)', () => {
  it('every module under src/ is used: by a production entry point, or by tests and tooling', () => {
    for (const entry of PRODUCTION_ENTRIES) expect(modules.has(entry), entry).toBe(true);
    const production = reachableFrom(PRODUCTION_ENTRIES);
    const tests = reachableFrom([...sourceFiles.filter(isTestFile), ...toolingFiles]);
    const unused = sourceFiles.filter((file) => !production.has(file) && !tests.has(file));
    expect(unused.map((file) => relative('.', file))).toEqual([]);
  });

  it('production code does not depend on test-only modules', () => {
    const testOnly = sourceFiles.filter(
      (file) => isTestFile(file) || /\/testing\/|\/test-[\w.-]+$/.test(file),
    );
    const production = reachableFrom(PRODUCTION_ENTRIES);
    expect(testOnly.filter((file) => production.has(file))).toEqual([]);
  });
});
