// The identity service: the identity URL /id/<orgId>/<userId> (token as Bearer or oauth_token) and
// the OpenID Connect /services/oauth2/userinfo. Unlike the REST API these answer a bad or expired
// token with 403 "Bad_OAuth_Token" (which is why jsforce cannot refresh on them).
import { canonical15 } from '../data/ids';
import type { SimRuntime } from '../runtime';
import type { SimOrg, SimUser } from '../store/family';
import type { RequestContext } from './context';
import { bearerToken } from './request';
import { sendJson, sendText } from './respond';
import type { Params, Router } from './router';

function tokenUser(ctx: RequestContext): SimUser | undefined {
  const raw =
    bearerToken(ctx.req) ??
    ctx.url.searchParams.get('oauth_token') ??
    ctx.url.searchParams.get('access_token');
  const check = raw ? ctx.rt.tokens.check(raw) : undefined;
  return check?.ok ? check.token.user : undefined;
}

function urls(rt: SimRuntime, org: SimOrg, user: SimUser, version: string): Record<string, string> {
  const base = rt.instanceUrl(org);
  return {
    enterprise: `${base}/services/Soap/c/${version}/${org.id15}`,
    metadata: `${base}/services/Soap/m/${version}/${org.id15}`,
    partner: `${base}/services/Soap/u/${version}/${org.id15}`,
    rest: `${base}/services/data/v${version}/`,
    sobjects: `${base}/services/data/v${version}/sobjects/`,
    search: `${base}/services/data/v${version}/search/`,
    query: `${base}/services/data/v${version}/query/`,
    recent: `${base}/services/data/v${version}/recent/`,
    tooling_soap: `${base}/services/Soap/T/${version}/${org.id15}`,
    tooling_rest: `${base}/services/data/v${version}/tooling/`,
    profile: `${base}/${user.id}`,
    feeds: `${base}/services/data/v${version}/chatter/feeds`,
    groups: `${base}/services/data/v${version}/chatter/groups`,
    users: `${base}/services/data/v${version}/chatter/users`,
    feed_items: `${base}/services/data/v${version}/chatter/feed-items`,
    feed_elements: `${base}/services/data/v${version}/chatter/feed-elements`,
    custom_domain: base,
  };
}

function userRow(org: SimOrg, user: SimUser): { modified: string } {
  const modified = org.store.byId('User', user.id)?.LastModifiedDate;
  return { modified: typeof modified === 'string' ? modified : '' };
}

function identity(ctx: RequestContext, params: Params): void {
  const { rt } = ctx;
  const caller = tokenUser(ctx);
  if (!caller) {
    sendText(ctx.res, 403, 'Bad_OAuth_Token');
    return;
  }
  const org = rt.family.org(params.orgId ?? '');
  if (!org || canonical15(org.id) !== canonical15(caller.orgId)) {
    sendText(ctx.res, 403, 'Bad_Id');
    return;
  }
  const user = org.users.find((u) => canonical15(u.id) === canonical15(params.userId ?? ''));
  if (!user) {
    sendText(ctx.res, 404, 'Bad_Id');
    return;
  }
  const base = rt.instanceUrl(org);
  sendJson(ctx.res, 200, {
    id: rt.identityUrl(user),
    asserted_user: user === caller,
    user_id: user.id,
    organization_id: org.id,
    username: user.username,
    nick_name: user.username.split('@')[0],
    display_name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    email_verified: true,
    first_name: user.firstName,
    last_name: user.lastName,
    timezone: 'America/Los_Angeles',
    photos: { picture: `${base}/profilephoto/005/F`, thumbnail: `${base}/profilephoto/005/T` },
    addr_street: null,
    addr_city: null,
    addr_state: null,
    addr_country: null,
    addr_zip: null,
    mobile_phone: null,
    mobile_phone_verified: false,
    is_lightning_login_user: false,
    status: { created_date: null, body: null },
    urls: urls(rt, org, user, ctx.url.searchParams.get('version') ?? '{version}'),
    active: true,
    user_type: 'STANDARD',
    language: 'en_US',
    locale: 'en_US',
    utcOffset: -28_800_000,
    last_modified_date: userRow(org, user).modified,
    is_app_installed: true,
  });
}

function userinfo(ctx: RequestContext): void {
  const { rt } = ctx;
  const user = tokenUser(ctx);
  if (!user) {
    sendText(ctx.res, 403, 'Bad_OAuth_Token');
    return;
  }
  const org = rt.orgOf(user);
  const base = rt.instanceUrl(org);
  sendJson(ctx.res, 200, {
    sub: rt.identityUrl(user),
    user_id: user.id,
    organization_id: org.id,
    preferred_username: user.username,
    nickname: user.username.split('@')[0],
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    email_verified: true,
    given_name: user.firstName,
    family_name: user.lastName,
    zoneinfo: 'America/Los_Angeles',
    photos: { picture: `${base}/profilephoto/005/F`, thumbnail: `${base}/profilephoto/005/T` },
    profile: `${base}/${user.id}`,
    picture: `${base}/profilephoto/005/F`,
    address: {},
    is_salesforce_integration_user: false,
    urls: urls(rt, org, user, '{version}'),
    active: true,
    user_type: 'STANDARD',
    language: 'en_US',
    locale: 'en_US',
    utcOffset: -28_800_000,
    updated_at: userRow(org, user).modified,
    is_app_installed: true,
  });
}

export function addIdentityRoutes(router: Router<RequestContext>): void {
  router
    .add('GET', '/id/:orgId/:userId', identity)
    .add('POST', '/id/:orgId/:userId', identity)
    .add('GET', '/services/oauth2/userinfo', userinfo)
    .add('POST', '/services/oauth2/userinfo', userinfo);
}
