/** The same-origin relative path to return to after sign-in; anything else becomes '/'. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 2048) return '/';
  let decoded = value;
  // Undo repeated percent-encoding so '%2F%2Fevil.com' cannot hide a protocol-relative URL.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return '/';
    }
  }
  const unsafe =
    !value.startsWith('/') ||
    !decoded.startsWith('/') ||
    decoded.startsWith('//') ||
    decoded.includes('\\') ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we reject
    /[\u0000-\u001f\u007f]/.test(decoded) ||
    /^\/[^/?#]*:/.test(decoded);
  return unsafe ? '/' : value;
}
