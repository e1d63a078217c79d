// The simulator's login pages: the authorize page where a person picks a demo user and enters the
// password (with "Log In" and "Deny"), the error page for a bad client or callback, and the login
// host's home page that lists the orgs.
import type { SimRuntime } from '../runtime';
import type { SimOrg } from '../store/family';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body { font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; background: #f3f3f3; margin: 0; color: #181818; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 28px; }
  h1 { font-size: 20px; margin: 0 0 4px; } p.sub { color: #555; margin: 0 0 20px; font-size: 14px; }
  label { display: block; font-size: 13px; margin: 14px 0 4px; color: #333; }
  select, input { width: 100%; box-sizing: border-box; padding: 9px; font-size: 14px; border: 1px solid #bbb; border-radius: 4px; }
  .actions { display: flex; gap: 10px; margin-top: 22px; }
  button { flex: 1; padding: 10px; font-size: 14px; border-radius: 4px; border: 1px solid #0176d3; cursor: pointer; }
  button.primary { background: #0176d3; color: #fff; } button.secondary { background: #fff; color: #0176d3; }
  .error { background: #fdeceb; color: #8c1c13; border: 1px solid #f2b8b5; padding: 10px; border-radius: 4px; font-size: 13px; margin-bottom: 12px; }
  table { border-collapse: collapse; font-size: 13px; width: 100%; } td, th { text-align: left; padding: 4px 6px; border-bottom: 1px solid #eee; }
`;

function page(title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}${wide ? 'main{max-width:900px}' : ''}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
  readonly orgs: readonly SimOrg[];
  readonly hidden: Readonly<Record<string, string>>;
  readonly selected?: string;
  readonly error?: string;
  readonly action: string;
  /** Served by the sandbox login host (test.salesforce.com on Salesforce). */
  readonly sandbox?: boolean;
}

export function loginPage(input: LoginPageInput): string {
  const options = input.orgs
    .map((org) => {
      const users = org.users
        .map((u) => {
          const selected =
            input.selected?.toLowerCase() === u.username.toLowerCase() ? ' selected' : '';
          const role = u.readOnly ? ' (read only)' : '';
          return `<option value="${escapeHtml(u.username)}"${selected}>${escapeHtml(u.username)}${role}</option>`;
        })
        .join('');
      return `<optgroup label="${escapeHtml(org.name)}">${users}</optgroup>`;
    })
    .join('');
  const hidden = Object.entries(input.hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  const error = input.error
    ? `<div class="error" role="alert">${escapeHtml(input.error)}</div>`
    : '';
  return page(
    'Login | Salesforce',
    `<h1>Log in to Salesforce${input.sandbox ? ' (Sandbox)' : ''}</h1><p class="sub">Salesforce simulator — ${input.sandbox ? 'sandbox login host, ' : ''}demo users only</p>${error}
<form method="post" action="${escapeHtml(input.action)}">${hidden}
<label for="username">Username</label><select id="username" name="username">${options}</select>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" autofocus>
<div class="actions"><button class="primary" type="submit" name="action" value="login">Log In</button>
<button class="secondary" type="submit" name="action" value="deny">Deny</button></div></form>`,
  );
}

/** Shown instead of redirecting when the client or the callback cannot be trusted. */
export function errorPage(error: string, description: string): string {
  return page(
    'Error | Salesforce',
    `<h1>Remote Access Error</h1><div class="error" role="alert">error=${escapeHtml(error)}<br>error_description=${escapeHtml(description)}</div>`,
  );
}

export function homePage(rt: SimRuntime): string {
  const rows = rt.family
    .all()
    .map(
      (org) =>
        `<tr><td>${escapeHtml(org.name)}</td><td>${org.kind}</td><td><code>${org.id}</code></td><td><code>${escapeHtml(rt.instanceUrl(org))}</code></td><td>${org.users.map((u) => escapeHtml(u.username)).join('<br>')}</td></tr>`,
    )
    .join('');
  return page(
    'Salesforce simulator',
    `<h1>Salesforce simulator</h1><p class="sub">This URL is the login host for every org below (password <code>demo</code>).</p>
<table><thead><tr><th>Org</th><th>Kind</th><th>Org ID</th><th>Instance URL</th><th>Users</th></tr></thead><tbody>${rows}</tbody></table>`,
    true,
  );
}
