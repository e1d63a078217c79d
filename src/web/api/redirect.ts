// Several calls answer with a URL to leave the app for (/oauth2/loginurl and adminaccess in
// docs/api.md "Sign-in and session"; orgurl and preauthorg in docs/api.md "Connected orgs"). Their
// endpoints describe `{ url }`, but servers have answered a bare JSON string too; these calls go
// through requestEndpoint and accept both.

export function readRedirectUrl(answer: unknown): string {
  if (typeof answer === 'string' && answer) return answer;
  if (typeof answer === 'object' && answer !== null) {
    const { url } = answer as { url?: unknown };
    if (typeof url === 'string' && url) return url;
  }
  throw new Error('The server did not say where to go next.');
}

/** A full page load: sign-in pages live outside the app (Salesforce or the server's callback). */
export function redirectBrowserTo(url: string): void {
  window.location.href = url;
}
