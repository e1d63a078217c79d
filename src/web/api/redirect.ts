// Several calls answer with a URL to leave the app for (/oauth2/loginurl and adminaccess in
// docs/api.md "Sign-in and session"; orgurl and preauthorg in docs/api.md "Connected orgs").

/** A full page load: sign-in pages live outside the app (Salesforce or the server's callback). */
export function redirectBrowserTo(url: string): void {
  window.location.href = url;
}
