// Leaving the app to connect an org (spec §7 /oauth2/orgurl, /oauth2/preauthorg) and the Export
// popup (/oauth2/exportorgurl, a 540×600 window). The server answers the URL; no token ever
// passes through here.
import type { ConnectedOrg } from '../../../../domain';
import { api } from '../../../api/client';
import { readRedirectUrl, redirectBrowserTo } from '../../../api/redirect';

/** Spec §9: the connected-org popup is 540x600. */
export const EXPORT_POPUP_FEATURES = 'width=540,height=600';

export interface ConnectRequest {
  /** Re-connect a known org (its row or detail); without it, Add Org. */
  instanceUrl?: string;
  /** Unset for Add Org: the server takes Package for an org with a namespace, else Licenses. */
  type?: ConnectedOrg['type'];
  returnTo: string;
  /** Add Org with shift held: the sandbox login host. */
  sandbox?: boolean;
}

export async function startConnect(request: ConnectRequest): Promise<void> {
  const query: Record<string, string> = { returnTo: request.returnTo };
  if (request.type) query.type = request.type;
  if (request.instanceUrl) query.instanceUrl = request.instanceUrl;
  if (request.sandbox) query.sandbox = 'true';
  redirectBrowserTo(readRedirectUrl(await api.get<unknown>('/oauth2/orgurl', { query })));
}

export async function startPreauthorization(orgId: string): Promise<void> {
  const answer = await api.get<unknown>('/oauth2/preauthorg', { query: { org_id: orgId } });
  redirectBrowserTo(readRedirectUrl(answer));
}

/**
 * Opens the popup within the click (so no popup blocker stops it), then points it at the page
 * the server names; closes it again when the server refuses.
 */
export async function openExport(org: ConnectedOrg, returnTo: string): Promise<void> {
  const popup = window.open('', 'pushboard-export', EXPORT_POPUP_FEATURES);
  try {
    const answer = await api.get<unknown>('/oauth2/exportorgurl', {
      query: { instanceUrl: org.instance_url, type: org.type, returnTo },
    });
    const url = readRedirectUrl(answer);
    if (popup) popup.location.href = url;
    else window.open(url, 'pushboard-export', EXPORT_POPUP_FEATURES);
  } catch (error) {
    popup?.close();
    throw error;
  }
}
