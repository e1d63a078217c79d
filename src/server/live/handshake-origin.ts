// Which pages may open the live channel: only the console's own, PUBLIC_URL's origin. A browser
// names the page in the Origin header of every WebSocket and every cross-origin request, so a
// foreign page (Origin: https://evil.example), a sandboxed or opaque one (Origin: null) or a
// malformed header cannot open a socket with the cookie the browser adds for it.

/** PUBLIC_URL's origin as a browser writes it (scheme://host[:port], lower case, no default port). */
export function consoleOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

/**
 * Whether a handshake's Origin header may open a socket: the console's origin, exactly as a
 * browser serialises it (anything else, 'null', '' and repeated headers joined by Node included,
 * is refused), or no Origin at all.
 *
 * No Origin is accepted on purpose. Browsers send it on every WebSocket handshake and every
 * cross-origin request, so a cross-site page cannot make a browser omit it; what arrives without
 * one is either socket.io's own polling handshake from the console's page (a same-origin GET,
 * which browsers send without Origin, so refusing it would break the console itself) or a client
 * that is not a browser, which can present a session cookie only if it already holds the session.
 */
export function originAllowed(origin: string | undefined, allowed: string): boolean {
  return origin === undefined || origin === allowed;
}
