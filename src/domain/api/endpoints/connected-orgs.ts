// The connected org calls (docs/api.md "Connected orgs"): the connections, never with their tokens;
// the changes to them (refresh, revoke, delete, activation, edit); and connecting and exporting
// one, which go through /oauth2 because they end at Salesforce's login and the shared callback.
import { z } from 'zod';
import { orgIdParam, orgIdParams, urlReplySchema } from '../common';
import {
  connectOrgQuerySchema,
  connectedOrgActivationSchema,
  connectedOrgChangeResultSchema,
  connectedOrgEditSchema,
  connectedOrgIdsSchema,
  connectedOrgSchema,
  exportOrgQuerySchema,
  exportPageQuerySchema,
  preauthorizeOrgQuerySchema,
} from '../connected-orgs';
import { endpoint } from '../endpoint';

export const connectedOrgEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/packageorgs',
    tag: 'packageorgs',
    description: 'Every connected org, by name; never a token.',
    response: z.array(connectedOrgSchema),
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/packageorgs/:id',
    tag: 'packageorgs',
    description: 'One connected org; never a token.',
    params: z.object({ id: orgIdParam }),
    response: connectedOrgSchema,
  }),

  refresh: endpoint({
    method: 'POST',
    path: '/api/packageorgs/refresh',
    tag: 'packageorgs',
    description: 'Re-reads the selected orgs from Salesforce (each must be Connected).',
    body: connectedOrgIdsSchema,
    response: connectedOrgChangeResultSchema,
  }),

  revoke: endpoint({
    method: 'POST',
    path: '/api/packageorgs/revoke',
    tag: 'packageorgs',
    description: 'Revokes the selected orgs’ tokens at Salesforce (each must be Connected).',
    body: connectedOrgIdsSchema,
    response: connectedOrgChangeResultSchema,
  }),

  delete: endpoint({
    method: 'POST',
    path: '/api/packageorgs/delete',
    tag: 'packageorgs',
    description:
      'Removes the selected connections (their grants are revoked where they still work).',
    body: connectedOrgIdsSchema,
    response: connectedOrgChangeResultSchema,
  }),

  activation: endpoint({
    method: 'POST',
    path: '/api/packageorgs/activation',
    tag: 'packageorgs',
    description: 'Activates or deactivates packaging orgs for upgrades; answers the updated orgs.',
    body: connectedOrgActivationSchema,
    response: z.array(connectedOrgSchema),
  }),

  edit: endpoint({
    method: 'PUT',
    path: '/api/packageorgs',
    tag: 'packageorgs',
    description: 'Saves the Edit modal: type and description of a connected org.',
    body: connectedOrgEditSchema,
    response: connectedOrgSchema,
  }),

  connectUrl: endpoint({
    method: 'GET',
    path: '/oauth2/orgurl',
    tag: 'packageorgs',
    description:
      'Starts connecting an org (no instanceUrl: Add Org; sandbox=true: the sandbox login host) or re-connecting a known one; answers the login URL.',
    query: connectOrgQuerySchema,
    response: urlReplySchema,
  }),

  /** A redirect, not JSON: a link's href, built with pathOf and the query. */
  connect: endpoint({
    method: 'GET',
    path: '/oauth2/connect',
    tag: 'packageorgs',
    description: 'The same as /oauth2/orgurl as a redirect, for plain links (the export page).',
    query: connectOrgQuerySchema,
  }),

  preauthorizeUrl: endpoint({
    method: 'GET',
    path: '/oauth2/preauthorg',
    tag: 'packageorgs',
    description:
      'Starts authorizing an org Pushboard met but holds no tokens for (ALERT_PREAUTH_ORG); only that org is accepted.',
    query: preauthorizeOrgQuerySchema,
    response: urlReplySchema,
  }),

  exportUrl: endpoint({
    method: 'GET',
    path: '/oauth2/exportorgurl',
    tag: 'packageorgs',
    description:
      'The URL of the connection page Export opens in its popup (details and reconnect; never a token).',
    query: exportOrgQuerySchema,
    response: urlReplySchema,
  }),

  /** An HTML page, not JSON: the popup exportUrl answers. */
  exportPage: endpoint({
    method: 'GET',
    path: '/oauth2/exportorg/:orgId',
    tag: 'packageorgs',
    description: 'The export popup: the connection’s details and a reconnect link.',
    params: orgIdParams,
    query: exportPageQuerySchema,
  }),
};
