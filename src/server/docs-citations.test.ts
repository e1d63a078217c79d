// Comments cite the repository's own documents by file and heading, in the form
// docs/product.md "Upgrade detail" (several headings of one file: "A", "B" and "C"), so a reader
// can open the section meant. This test reads every source file and fails on a citation of a
// document docs/ does not hold, of a heading that document does not have (headings are compared
// exactly), of a heading split across two lines (a search for it would miss it), and on a section
// sign followed by a number: those numbered an outside specification the docs replaced, and mean
// nothing here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = 'docs';
const SOURCE_FOLDERS = ['src', 'test', 'bench', 'scripts', '.ci'];
const ROOT_FILES = ['vitest.config.ts', 'vite.config.ts', 'eslint.config.js'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data']);
const TEXT_FILE = /(\.(ts|tsx|js|mjs|cjs|sql|css|html|md)|\/\.ci\/run)$/;
/** The web app, checked on its own so its count shows apart from the rest. */
const WEB = 'src/web/';

/** The headings of each document in docs/, outside fenced code blocks. */
function docHeadings(): Map<string, Set<string>> {
  const headings = new Map<string, Set<string>>();
  for (const name of readdirSync(join(ROOT, DOCS))) {
    if (!name.endsWith('.md')) continue;
    const found = new Set<string>();
    let fenced = false;
    for (const line of readFileSync(join(ROOT, DOCS, name), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*$/.exec(line);
      if (heading?.[1]) found.add(heading[1]);
    }
    headings.set(`${DOCS}/${name}`, found);
  }
  return headings;
}

function sourceFiles(): string[] {
  const files: string[] = [...ROOT_FILES];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (TEXT_FILE.test(`/${path}`)) files.push(path);
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(folder);
  return files.sort();
}

/** Spaces, or one line break with the next line's comment marker. */
const SPACE = String.raw`(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\/\/|\*|--|#)?[ \t]*)`;
const BEFORE_HEADING = new RegExp(`^${SPACE}(?=")`);
/** What joins one cited heading to the next: `, "B"`, ` and "B"`, `, and "B"`. */
const BETWEEN_HEADINGS = new RegExp(`^(?:,?${SPACE}and${SPACE}|,${SPACE}?)(?=")`);
/** The section sign, followed by a number. */
const SECTION_NUMBER = new RegExp(`${String.fromCharCode(0xa7)}\\s*\\d`, 'g');

interface Cited {
  doc: string;
  headings: string[];
  split: boolean;
  offset: number;
}

/** Every `docs/<name>` in a text, with the quoted headings that follow it. */
function citations(text: string): Cited[] {
  const found: Cited[] = [];
  for (const match of text.matchAll(/(?<![\w/.-])docs\/([\w.-]+)/g)) {
    const cited: Cited = { doc: match[0], headings: [], split: false, offset: match.index };
    let rest = text.slice(match.index + match[0].length);
    rest = rest.slice(BEFORE_HEADING.exec(rest)?.[0].length ?? 0);
    while (rest.startsWith('"')) {
      const close = rest.indexOf('"', 1);
      if (close < 0) break;
      const heading = rest.slice(1, close);
      if (heading.includes('\n')) {
        cited.split = true;
        break;
      }
      cited.headings.push(heading);
      rest = rest.slice(close + 1);
      const between = BETWEEN_HEADINGS.exec(rest);
      if (!between) break;
      rest = rest.slice(between[0].length);
    }
    found.push(cited);
  }
  return found;
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** Every problem in one file's text, as `path:line: what`. */
function problemsIn(path: string, text: string, headings: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const cited of citations(text)) {
    const at = `${path}:${lineOf(text, cited.offset)}`;
    const known = headings.get(cited.doc);
    if (!known) {
      found.push(`${at}: ${cited.doc} is not a document in docs/`);
      continue;
    }
    if (cited.split) found.push(`${at}: a heading of ${cited.doc} is split across lines`);
    for (const heading of cited.headings) {
      if (!known.has(heading)) found.push(`${at}: ${cited.doc} has no heading "${heading}"`);
    }
  }
  for (const match of text.matchAll(SECTION_NUMBER)) {
    found.push(`${path}:${lineOf(text, match.index)}: a section number of the outside spec`);
  }
  return found;
}

function problems(files: string[]): string[] {
  const headings = docHeadings();
  return files.flatMap((path) =>
    problemsIn(path, readFileSync(join(ROOT, path), 'utf8'), headings),
  );
}

describe('citations of the docs', () => {
  const files = sourceFiles();

  it('reads the files it should', () => {
    expect(files).toContain('src/server/docs-citations.test.ts');
    expect(files).toContain('.ci/run');
    expect(files.some((path) => path.startsWith(WEB))).toBe(true);
    expect(docHeadings().get('docs/product.md')).toContain('Upgrade detail');
  });

  it('finds citations as comments write them', () => {
    // Built from parts, so that the examples are not citations of this file themselves.
    const docs = (name: string) => `${DOCS}/${name}.md`;
    const text = [
      `// (${docs('product')} "Orgs list", "Org detail" and "Entities and fields"; GET /api/orgs in`,
      `// ${docs('api')} "Orgs, licenses, search"). See ${docs('glossary')} for the words; and`,
      `// ${docs('security')}`,
      '// "Audit" says who.',
    ].join('\n');
    expect(citations(text).map(({ doc, headings, split }) => ({ doc, headings, split }))).toEqual([
      {
        doc: docs('product'),
        headings: ['Orgs list', 'Org detail', 'Entities and fields'],
        split: false,
      },
      { doc: docs('api'), headings: ['Orgs, licenses, search'], split: false },
      { doc: docs('glossary'), headings: [], split: false },
      { doc: docs('security'), headings: ['Audit'], split: false },
    ]);
    expect(citations(`// ${docs('architecture')} "The upgrade\n// monitor"`)[0]?.split).toBe(true);
    const headings = docHeadings();
    expect(problemsIn('x.ts', `// spec ${String.fromCharCode(0xa7)}4`, headings)).toEqual([
      'x.ts:1: a section number of the outside spec',
    ]);
    expect(problemsIn('x.ts', `// ${docs('product')} "Upgrade details"`, headings)).toEqual([
      `x.ts:1: ${docs('product')} has no heading "Upgrade details"`,
    ]);
    expect(problemsIn('x.ts', `// ${DOCS}/domain.md "Upgrades"`, headings)).toEqual([
      `x.ts:1: ${DOCS}/domain.md is not a document in docs/`,
    ]);
  });

  it('server, domain, simulator, tests, benchmarks and scripts cite only what the docs hold', () => {
    expect(problems(files.filter((path) => !path.startsWith(WEB)))).toEqual([]);
  });

  it('the web app cites only what the docs hold', () => {
    expect(problems(files.filter((path) => path.startsWith(WEB)))).toEqual([]);
  });
});
