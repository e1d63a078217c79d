// Session and authentication (docs/api.md "Sign-in and session"): signing in through Salesforce or
// with the admin access key, the signed-in user, the login page's settings, and signing out.
import { noBodySchema } from '../upgrade-actions';
import {
  adminAccessBodySchema,
  loginUrlQuerySchema,
  logoutEverywhereResultSchema,
  logoutResultSchema,
  oauthCallbackQuerySchema,
  sessionUserSchema,
  signInSettingsSchema,
} from '../auth';
import { urlReplySchema } from '../common';
import { endpoint } from '../endpoint';

export const authEndpoints = {
  loginUrl: endpoint({
    method: 'GET',
    path: '/oauth2/loginurl',
    tag: 'session',
    description: "Starts signing in through Salesforce; answers Salesforce's login URL.",
    query: loginUrlQuerySchema,
    response: urlReplySchema,
  }),

  /** Salesforce's redirect back, not JSON: it answers a redirect to the page signed in to. */
  callback: endpoint({
    method: 'GET',
    path: '/oauth2/callback',
    tag: 'session',
    description:
      'Where Salesforce sends the browser back after a sign-in or a connect; redirects to the page to go on with.',
    query: oauthCallbackQuerySchema,
  }),

  adminAccess: endpoint({
    method: 'POST',
    path: '/oauth2/adminaccess',
    tag: 'session',
    description:
      'Signs in with the admin access key. Wrong keys are limited per client address and overall, counted before the key is compared.',
    body: adminAccessBodySchema,
    response: urlReplySchema,
  }),

  user: endpoint({
    method: 'GET',
    path: '/oauth2/user',
    tag: 'session',
    description: 'The signed-in user and what they may do.',
    response: sessionUserSchema,
  }),

  settings: endpoint({
    method: 'GET',
    path: '/oauth2/settings',
    tag: 'session',
    description: 'What the login page offers: whether an admin access key is set, the app name.',
    response: signInSettingsSchema,
  }),

  logout: endpoint({
    method: 'POST',
    path: '/oauth2/logout',
    tag: 'session',
    description: "Ends this browser's session and disconnects its live channel.",
    body: noBodySchema,
    response: logoutResultSchema,
  }),

  logoutEverywhere: endpoint({
    method: 'POST',
    path: '/oauth2/logout-everywhere',
    tag: 'session',
    description:
      "Ends every session of the signed-in user, in every browser, and disconnects those sessions' live channels.",
    body: noBodySchema,
    response: logoutEverywhereResultSchema,
  }),
};
