// Package version numbers and their sort keys (docs/glossary.md "Packages and licenses"). A sort
// key pads every dot segment to 4 digits and has at least 3 segments, so text order is version
// order ('2.14' → '000200140000'); the database may append '_<created epoch ms>' so builds with the
// same number order by creation.

const SEGMENT_WIDTH = 4;
const MIN_SEGMENTS = 3;
const VERSION_PATTERN = /^\d+(?:\.\d+)*$/;
const BUILD_SEPARATOR = '_';

/** The digit segments of a dotted version number without leading zeros, or null if it is not one. */
export function versionSegments(version: string): string[] | null {
  const trimmed = version.trim();
  if (!VERSION_PATTERN.test(trimmed)) return null;
  return trimmed.split('.').map((segment) => segment.replace(/^0+(?=\d)/, ''));
}

/** Whether the text is a dotted version number like '1.2' or '1.2.3'. */
export function isVersionNumber(version: string): boolean {
  return versionSegments(version) !== null;
}

function padSegments(segments: readonly string[]): string {
  return segments.map((segment) => segment.padStart(SEGMENT_WIDTH, '0')).join('');
}

function requireSegments(version: string): string[] {
  const segments = versionSegments(version);
  if (segments === null) throw new RangeError(`Not a version number: '${version}'`);
  return segments;
}

/**
 * The sort key of a version number, with the build suffix when the creation time is given
 * ('2.14', 1600000000000 → '000200140000_1600000000000'). Throws a RangeError for text that is
 * not a dotted number.
 */
export function versionSortKey(version: string, createdEpochMs?: number): string {
  const segments = requireSegments(version);
  while (segments.length < MIN_SEGMENTS) segments.push('0');
  const key = padSegments(segments);
  return createdEpochMs === undefined
    ? key
    : `${key}${BUILD_SEPARATOR}${Math.trunc(createdEpochMs)}`;
}

/** The sort key of a version number, or null when it is not one. */
export function tryVersionSortKey(version: string): string | null {
  return isVersionNumber(version) ? versionSortKey(version) : null;
}

/**
 * The padded segments the user wrote, without filling to 3 segments: the prefix every version
 * starting with those segments has ('1.2' → '00010002' matches 1.2, 1.2.0 and 1.2.7, not 1.20).
 */
export function versionKeyPrefix(version: string): string {
  return padSegments(requireSegments(version));
}

/** A sort key without its build suffix. */
export function stripBuildSuffix(sortKey: string): string {
  const at = sortKey.indexOf(BUILD_SEPARATOR);
  return at === -1 ? sortKey : sortKey.slice(0, at);
}

/**
 * Orders two sort keys: by their padded segments, then by the build suffix as a number (a key
 * without a suffix first).
 */
export function compareVersionSortKeys(a: string, b: string): number {
  const baseA = stripBuildSuffix(a);
  const baseB = stripBuildSuffix(b);
  if (baseA !== baseB) return baseA < baseB ? -1 : 1;
  const buildA = a.length > baseA.length ? Number(a.slice(baseA.length + 1)) : -1;
  const buildB = b.length > baseB.length ? Number(b.slice(baseB.length + 1)) : -1;
  return Math.sign(buildA - buildB);
}

/** Orders two dotted version numbers numerically by segment; missing segments count as 0. */
export function compareVersions(a: string, b: string): number {
  const segA = requireSegments(a);
  const segB = requireSegments(b);
  for (let i = 0; i < Math.max(segA.length, segB.length); i++) {
    const x = segA[i] ?? '0';
    const y = segB[i] ?? '0';
    if (x.length !== y.length) return x.length < y.length ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The comparable key of a value held in a version column: a dotted version number becomes its
 * sort key, a sort key loses its build suffix. Null for empty values.
 */
export function versionColumnKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  // A sort key has at least 12 digits and no dot; anything else is read as a version number.
  const looksLikeNumber = value.includes('.') || /^\d{1,11}$/.test(value);
  if (looksLikeNumber) return tryVersionSortKey(value) ?? value;
  return stripBuildSuffix(value);
}
