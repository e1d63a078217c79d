// OAuth 2.0 endpoints on the login host (and on every instance URL, like a My Domain):
// /services/oauth2/authorize (login page, web-server flow), /services/oauth2/token (authorization_code,
// refresh_token, password) and /services/oauth2/revoke. Error names and texts are Salesforce's.
import { createHmac } from 'node:crypto';
import type { AccessToken } from '../auth/tokens';
import { SESSION_COOKIE } from '../auth/sessions';
import type { SimRuntime } from '../runtime';
import type { SimUser } from '../store/family';
import type { RequestContext } from './context';
import { errorPage, loginPage } from './login-page';
import { cookies, readForm } from './request';
import { OAuthError, redirect, sendJson, sendText } from './respond';
import type { Router } from './router';

const LOGIN_FAILED =
  "Please check your username and password. If you still can't log in, contact your Salesforce administrator.";
const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
] as const;

/** The connected app's callback URLs: any path on localhost, any port. */
export function isRegisteredCallback(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') url.searchParams.set(k, v);
  return url.toString();
}

/** Users who may log in here: everyone on the login host, the org's own users on an instance URL. */
function loginUsers(ctx: RequestContext): SimUser[] {
  return (ctx.org ? [ctx.org] : ctx.rt.family.all()).flatMap((o) => o.users);
}

function findUser(ctx: RequestContext, username: string, password: string): SimUser | undefined {
  const user = loginUsers(ctx).find((u) => u.username.toLowerCase() === username.toLowerCase());
  return user && user.password === password ? user : undefined;
}

export function tokenReply(
  rt: SimRuntime,
  access: AccessToken,
  refreshToken?: string,
): Record<string, string> {
  const id = rt.identityUrl(access.user);
  const issuedAt = String(access.issuedMs);
  return {
    access_token: access.token,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    signature: createHmac('sha256', rt.config.clientSecret)
      .update(id + issuedAt)
      .digest('base64'),
    scope: refreshToken ? 'refresh_token api id web' : 'api id web',
    instance_url: rt.instanceUrl(rt.orgOf(access.user)),
    id,
    token_type: 'Bearer',
    issued_at: issuedAt,
  };
}

function authorizeParams(source: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of AUTHORIZE_PARAMS) {
    const value = source.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** Checks client and callback; answers the error page itself and returns false when they are bad. */
function checkClient(ctx: RequestContext, params: Record<string, string>): boolean {
  if (params.client_id !== ctx.rt.config.clientId) {
    sendText(
      ctx.res,
      400,
      errorPage('invalid_client_id', 'client identifier invalid'),
      'text/html',
    );
    return false;
  }
  if (!params.redirect_uri || !isRegisteredCallback(params.redirect_uri)) {
    sendText(
      ctx.res,
      400,
      errorPage('redirect_uri_mismatch', 'redirect_uri must match configuration'),
      'text/html',
    );
    return false;
  }
  if (params.response_type !== 'code') {
    redirect(
      ctx.res,
      withParams(params.redirect_uri, {
        error: 'unsupported_response_type',
        error_description: 'response type not supported',
        state: params.state,
      }),
    );
    return false;
  }
  return true;
}

function approve(
  ctx: RequestContext,
  user: SimUser,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): void {
  const redirectUri = params.redirect_uri ?? '';
  const code = ctx.rt.tokens.issueCode(
    user,
    ctx.rt.config.clientId,
    redirectUri,
    params.code_challenge,
  );
  redirect(ctx.res, withParams(redirectUri, { code, state: params.state }), headers);
}

function showLogin(
  ctx: RequestContext,
  params: Record<string, string>,
  selected?: string,
  error?: string,
): void {
  const orgs = ctx.org ? [ctx.org] : ctx.rt.family.all();
  const html = loginPage({
    orgs,
    hidden: params,
    ...(selected ? { selected } : {}),
    ...(error ? { error } : {}),
    action: ctx.url.pathname,
    sandbox: ctx.url.pathname.startsWith('/sandbox/'),
  });
  sendText(ctx.res, 200, html, 'text/html');
}

function authorizeGet(ctx: RequestContext): void {
  const params = authorizeParams(ctx.url.searchParams);
  if (!checkClient(ctx, params)) return;
  const session = ctx.rt.sessions.user(cookies(ctx.req).get(SESSION_COOKIE));
  const sessionAllowed = session && loginUsers(ctx).includes(session);
  if (sessionAllowed && ctx.url.searchParams.get('prompt') !== 'login') {
    approve(ctx, session, params);
    return;
  }
  showLogin(ctx, params, ctx.url.searchParams.get('login_hint') ?? undefined);
}

async function authorizePost(ctx: RequestContext): Promise<void> {
  const form = await readForm(ctx.req);
  const params = authorizeParams(form);
  if (!checkClient(ctx, params)) return;
  if (form.get('action') === 'deny') {
    redirect(
      ctx.res,
      withParams(params.redirect_uri ?? '', {
        error: 'access_denied',
        error_description: 'end-user denied authorization',
        state: params.state,
      }),
    );
    return;
  }
  const username = form.get('username') ?? '';
  const user = findUser(ctx, username, form.get('password') ?? '');
  if (!user) {
    showLogin(ctx, params, username, LOGIN_FAILED);
    return;
  }
  const sid = ctx.rt.sessions.open(user);
  approve(ctx, user, params, {
    'Set-Cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax`,
  });
}

function checkSecret(rt: SimRuntime, form: URLSearchParams, required: boolean): void {
  if (form.get('client_id') !== rt.config.clientId)
    throw new OAuthError(400, 'invalid_client_id', 'client identifier invalid');
  const secret = form.get('client_secret');
  if ((required || secret !== null) && secret !== rt.config.clientSecret) {
    throw new OAuthError(400, 'invalid_client', 'invalid client credentials');
  }
}

async function token(ctx: RequestContext): Promise<void> {
  const { rt } = ctx;
  const form = await readForm(ctx.req);
  const grant = form.get('grant_type');
  if (grant === 'authorization_code') {
    checkSecret(rt, form, !form.get('code_verifier'));
    const result = rt.tokens.redeemCode(
      form.get('code') ?? '',
      rt.config.clientId,
      form.get('redirect_uri') ?? '',
      form.get('code_verifier') ?? undefined,
    );
    if (result === 'redirect_mismatch')
      throw new OAuthError(400, 'redirect_uri_mismatch', 'redirect_uri must match configuration');
    if (result === 'expired')
      throw new OAuthError(400, 'invalid_grant', 'expired authorization code');
    if (result === 'bad_verifier')
      throw new OAuthError(400, 'invalid_grant', 'invalid code verifier');
    if (result === 'invalid')
      throw new OAuthError(400, 'invalid_grant', 'invalid authorization code');
    const refresh = rt.tokens.issueRefresh(result, rt.config.clientId);
    sendJson(ctx.res, 200, tokenReply(rt, rt.tokens.issueAccess(result, refresh), refresh));
    return;
  }
  if (grant === 'refresh_token') {
    checkSecret(rt, form, false);
    const refresh = form.get('refresh_token') ?? '';
    const user = rt.tokens.useRefresh(refresh, rt.config.clientId);
    if (!user) throw new OAuthError(400, 'invalid_grant', 'expired access/refresh token');
    sendJson(ctx.res, 200, tokenReply(rt, rt.tokens.issueAccess(user, refresh)));
    return;
  }
  if (grant === 'password') {
    checkSecret(rt, form, true);
    const user = findUser(ctx, form.get('username') ?? '', form.get('password') ?? '');
    if (!user) throw new OAuthError(400, 'invalid_grant', 'authentication failure');
    sendJson(ctx.res, 200, tokenReply(rt, rt.tokens.issueAccess(user)));
    return;
  }
  throw new OAuthError(400, 'unsupported_grant_type', 'grant type not supported');
}

async function revoke(ctx: RequestContext): Promise<void> {
  const form = ctx.req.method === 'POST' ? await readForm(ctx.req) : ctx.url.searchParams;
  const value = form.get('token') ?? '';
  if (!ctx.rt.tokens.revoke(value))
    throw new OAuthError(400, 'unsupported_token_type', 'this token type is not supported');
  sendText(ctx.res, 200, '');
}

export function addOAuthRoutes(router: Router<RequestContext>): void {
  router
    .add('GET', '/services/oauth2/authorize', authorizeGet)
    .add('POST', '/services/oauth2/authorize', authorizePost)
    .add('POST', '/services/oauth2/token', token)
    .add('POST', '/services/oauth2/revoke', revoke)
    .add('GET', '/services/oauth2/revoke', revoke);
}
