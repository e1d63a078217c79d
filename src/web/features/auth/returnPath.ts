// Where to come back to after sign-in. Only paths inside this app are accepted, so a crafted
// `/login?r=https://elsewhere` link cannot bounce a freshly signed-in user to another site.
const PAGES_NOT_TO_RETURN_TO = ['/login', '/logout', '/authresponse'];

export function safeReturnPath(requested: string | null): string {
  if (!requested || !requested.startsWith('/') || requested.startsWith('//')) return '/';
  if (requested.includes('\\')) return '/';
  const pathname = requested.split(/[?#]/, 1)[0] ?? '/';
  return PAGES_NOT_TO_RETURN_TO.includes(pathname) ? '/' : requested;
}
