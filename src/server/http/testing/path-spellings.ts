// Other spellings of a request path: what a proxy, a browser or an attacker may send for the same
// route. The access tests call every route under each of them; whichever the router accepts must
// be answered exactly as the canonical spelling is.

export interface PathSpelling {
  name: string;
  path: string;
}

const encodeChar = (char: string, upper: boolean) => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** `path` is a concrete path (no query), e.g. `/api/orgs/00D000000000001AAA`. */
export function pathSpellings(path: string): PathSpelling[] {
  const segments = path.split('/').slice(1);
  const [first = '', ...rest] = segments;
  const tail = rest.join('/');
  const respell = (map: (segment: string) => string) => `/${segments.map(map).join('/')}`;
  const spellings: PathSpelling[] = [
    { name: 'canonical', path },
    {
      name: 'first letter of each segment %-encoded',
      path: respell((s) => (s ? encodeChar(s[0] ?? '', false) + s.slice(1) : s)),
    },
    {
      name: 'whole first segment %-encoded in upper case',
      path: `/${[...first].map((c) => encodeChar(c, true)).join('')}/${tail}`,
    },
    {
      name: 'every segment %-encoded',
      path: respell((s) => [...s].map((c) => encodeChar(c, false)).join('')),
    },
    { name: 'doubled leading slash', path: `/${path}` },
    { name: 'doubled inner slash', path: `/${first}//${tail}` },
    { name: 'trailing slash', path: `${path}/` },
    { name: 'dot segment', path: `/${first}/./${tail}` },
    { name: 'dot-dot segment', path: `/${first}/x/../${tail}` },
    { name: 'encoded dot-dot segment', path: `/${first}/x/%2e%2e/${tail}` },
    { name: 'segment parameter', path: `${path};a=b` },
    { name: 'upper case', path: path.toUpperCase() },
    { name: 'encoded slash', path: `/${first}%2f${tail}` },
    { name: 'backslashes', path: path.replaceAll('/', '\\') },
    { name: 'empty query', path: `${path}?` },
    { name: 'overlong UTF-8 slash', path: `/${first}%c0%af${tail}` },
  ];
  return spellings.filter((s) => s.name === 'canonical' || s.path !== path);
}
