// The scrape credential: Prometheus sends `Authorization: Bearer <METRICS_TOKEN>`; scrapers carry
// no session, so this token is the only key to /metrics.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the header carries the token; compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = match?.[1];
  // Compare even when nothing usable was sent, so the answer takes the same time either way.
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return given !== undefined && same;
}
