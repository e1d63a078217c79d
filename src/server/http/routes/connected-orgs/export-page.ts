// The page Export opens in its 540×600 popup: the connection's details and a way to connect the
// org again. Server-rendered (no script, so the strict CSP holds) and never carrying a token.
import type { ConnectionExport } from '../../../services/connected-orgs/export-view';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:14px -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;margin:0;color:#212529}
main{padding:16px 20px}h1{font-size:18px;margin:0 0 4px}p{margin:8px 0;color:#495057}
table{border-collapse:collapse;width:100%;margin:12px 0}th{text-align:left;font-weight:600;width:38%;color:#495057}
th,td{padding:5px 6px;border-bottom:1px solid #e9ecef;vertical-align:top;word-break:break-all}
.ok{color:#2b8a3e}.bad{color:#c92a2a}a.button{display:inline-block;background:#228be6;color:#fff;
padding:7px 14px;border-radius:4px;text-decoration:none}pre{background:#f1f3f5;padding:8px;
font-size:12px;white-space:pre-wrap;word-break:break-all}`;

export function exportPage(org: ConnectionExport, reconnectHref: string): string {
  const healthy = org.status === 'Connected' || org.status === 'Unprotected';
  const rows: [string, string][] = [
    ['Org ID', org.org_id],
    ['Name', org.name],
    ['Type', org.type],
    ['Instance URL', org.instance_url],
    ['Instance', org.instance_name ?? '—'],
    ['Namespace', org.namespace ?? '—'],
    ['Status', org.status],
    ['Active', org.active ? 'Yes' : 'No'],
    ['Login host', org.login_host],
    ['Connected by', org.connected_by ?? '—'],
    ['Connected at', org.connected_at ?? '—'],
    ['Last refreshed', org.last_refreshed ?? '—'],
    ['Scopes requested', org.scopes],
    ['Refresh token', org.has_refresh_token ? 'held (sealed on the server)' : 'none'],
  ];
  const table = rows
    .map(([label, value]) => {
      const cls = label === 'Status' ? ` class="${healthy ? 'ok' : 'bad'}"` : '';
      return `<tr><th>${escapeHtml(label)}</th><td${cls}>${escapeHtml(value)}</td></tr>`;
    })
    .join('');
  const summary = JSON.stringify(
    Object.fromEntries(rows.map(([label, value]) => [label, value])),
    null,
    2,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Connection — ${escapeHtml(org.name)}</title><style>${STYLE}</style></head><body><main>
<h1>${escapeHtml(org.name)}</h1>
<p>The connection Pushboard holds to this org. Its tokens stay sealed on the server and are never
shown or exported; to use the org from another place, connect it there.</p>
<table aria-label="Connection details">${table}</table>
<h2 style="font-size:15px;margin:14px 0 4px">Connect again</h2>
<p>Log in as a user of this org with API access; Pushboard replaces the stored tokens with the new
grant.</p>
<p><a class="button" href="${escapeHtml(reconnectHref)}">Reconnect ${escapeHtml(org.name)}</a></p>
<h2 style="font-size:15px;margin:14px 0 4px">Details to copy</h2>
<pre>${escapeHtml(summary)}</pre>
</main></body></html>`;
}
