// Leaving the app to connect an org (/oauth2/orgurl and /oauth2/preauthorg in docs/api.md
// "Connected orgs") and the Export popup (/oauth2/exportorgurl, a 540×600 window). The server
// answers the URL; no token ever passes through here.
import { connectedOrgEndpoints, type ConnectedOrg } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { redirectBrowserTo } from '../../../api/redirect';

/** The connected-org popup is 540x600 (docs/product.md "Constants and limits"). */
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
  const { url } = await callEndpoint(connectedOrgEndpoints.connectUrl, {
    query: {
      returnTo: request.returnTo,
      ...(request.type ? { type: request.type } : {}),
      ...(request.instanceUrl ? { instanceUrl: request.instanceUrl } : {}),
      ...(request.sandbox ? { sandbox: 'true' as const } : {}),
    },
  });
  redirectBrowserTo(url);
}

export async function startPreauthorization(orgId: string): Promise<void> {
  const { url } = await callEndpoint(connectedOrgEndpoints.preauthorizeUrl, {
    query: { org_id: orgId },
  });
  redirectBrowserTo(url);
}

/**
 * Opens the popup within the click (so no popup blocker stops it), then points it at the page
 * the server names; closes it again when the server refuses.
 */
export async function openExport(org: ConnectedOrg, returnTo: string): Promise<void> {
  const popup = window.open('', 'pushboard-export', EXPORT_POPUP_FEATURES);
  try {
    const { url } = await callEndpoint(connectedOrgEndpoints.exportUrl, {
      query: { instanceUrl: org.instance_url, type: org.type, returnTo },
    });
    if (popup) popup.location.href = url;
    else window.open(url, 'pushboard-export', EXPORT_POPUP_FEATURES);
  } catch (error) {
    popup?.close();
    throw error;
  }
}
