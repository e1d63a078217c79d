// The global search as bench/lists.ts measures it: three terms sampled from the orgs (a common
// 3-letter word, a rare word, an org id prefix), each timed like a list page.
import { searchEndpoints } from '../../src/domain';
import { timeGet, type BenchClient } from './lists-http';
import {
  Totals,
  failureOf,
  sampleRows,
  timingOf,
  type BenchList,
  type MeasureOptions,
} from './lists-pages';
import { pick, type Rng } from './lists-shapes';

export interface SearchResult {
  kind: string;
  term: string;
  p50?: number;
  p95?: number;
  times?: number[];
  results?: number;
  failure?: { status: number; body: string };
}

/** Three search terms sampled from the orgs: a common 3-letter word, a rare word, an id prefix. */
export async function searchTerms(client: BenchClient, orgs: BenchList, rng: Rng) {
  const rows = await sampleRows(client, orgs, rng);
  const names = rows
    .map((row) => (typeof row.name === 'string' ? row.name : ''))
    .filter((name) => name !== '');
  const words = new Map<string, number>();
  const trigrams = new Map<string, number>();
  for (const name of names) {
    for (const word of new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u))) {
      if (word.length >= 4) words.set(word, (words.get(word) ?? 0) + 1);
      for (let i = 0; i + 3 <= word.length; i++) {
        const trigram = word.slice(i, i + 3);
        trigrams.set(trigram, (trigrams.get(trigram) ?? 0) + 1);
      }
    }
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([text]) => text);
  const common = ranked(trigrams)[0] ?? 'inc';
  const probe = new Totals(client, orgs).probe;
  let rare = common;
  let fewest = Infinity;
  for (const word of ranked(words).reverse().slice(0, 4)) {
    const total = await probe('name', word);
    if (total > 0 && total < fewest) [rare, fewest] = [word, total];
  }
  const { org_id: orgId } = pick(rng, rows);
  return [
    { kind: 'common 3-letter word', term: common },
    { kind: 'rare word', term: rare },
    { kind: 'org id prefix', term: String(orgId).slice(0, 10) },
  ];
}

export async function measureSearch(
  client: BenchClient,
  terms: readonly { kind: string; term: string }[],
  options: MeasureOptions,
): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  for (const { kind, term } of terms) {
    const measured = await timeGet(
      client,
      searchEndpoints.search.path,
      { term },
      options.runs,
      options.capMs,
    );
    if ('failure' in measured) {
      process.stderr.write(
        `  FAILED search '${term}': ${measured.failure.status} ${measured.failure.body}\n`,
      );
      results.push({ kind, term, failure: failureOf(measured.failure) });
    } else {
      const answer = JSON.parse(measured.body) as unknown[];
      results.push({ kind, term, ...timingOf(measured.timing), results: answer.length });
    }
  }
  return results;
}
