import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calledUrls, stubFetch } from '../testing/stubFetch';
import { ApiError, apiRequest, setSignInRedirect } from './client';

const goTo = vi.fn<(loginPath: string) => void>();
let currentLocation = { pathname: '/', search: '' };

beforeEach(() => {
  currentLocation = { pathname: '/', search: '' };
  setSignInRedirect({ currentLocation: () => currentLocation, goTo });
});

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('sends JSON with the CSRF header and the query string', async () => {
    const fetchMock = stubFetch({
      'POST /api/stats': { json: [{ name: 'A', status: 'Failed', count: 2 }] },
    });

    const rows = await apiRequest<unknown[]>('POST', '/api/stats', {
      body: { upgradeIds: [1, 2] },
      query: { ids: ['a', 'b'], skip: undefined },
    });

    expect(rows).toEqual([{ name: 'A', status: 'Failed', count: 2 }]);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'pushboard',
    });
    expect(init?.body).toBe('{"upgradeIds":[1,2]}');
    expect(calledUrls(fetchMock)[0]?.search).toBe('?ids=a&ids=b');
  });

  it('sends the CSRF header on reads too, without a JSON content type', async () => {
    const fetchMock = stubFetch({ 'GET /api/orgs': { json: [] } });
    await apiRequest('GET', '/api/orgs');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('pushboard');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('sends the user to /login with the current path and search on a 401, and rejects', async () => {
    currentLocation = { pathname: '/orgs', search: '?blacklisted=true' };
    stubFetch({
      'GET /api/orgs': { status: 401, json: { message: 'Not signed in', subject: 'Unauthorized' } },
    });

    const error = await rejectionOf(apiRequest('GET', '/api/orgs'));

    expect(goTo).toHaveBeenCalledExactlyOnceWith('/login?r=%2Forgs%3Fblacklisted%3Dtrue');
    expect(error.status).toBe(401);
    expect(error.message).toBe('Not signed in');
  });

  it('does not redirect again when a 401 happens on the login or logout page', async () => {
    stubFetch({ 'GET /oauth2/settings': { status: 401, json: { message: 'No session' } } });
    for (const pathname of ['/login', '/logout']) {
      currentLocation = { pathname, search: '?r=%2Forgs' };
      expect((await rejectionOf(apiRequest('GET', '/oauth2/settings'))).status).toBe(401);
    }
    expect(goTo).not.toHaveBeenCalled();
  });

  it("rejects with the server's message and subject on a JSON error", async () => {
    stubFetch({
      'POST /api/upgrades/activate/7': {
        status: 403,
        json: {
          message: 'You may not activate an upgrade you created.',
          subject: 'Activation Failed',
        },
      },
    });

    const error = await rejectionOf(apiRequest('POST', '/api/upgrades/activate/7'));

    expect(error).toMatchObject({
      message: 'You may not activate an upgrade you created.',
      subject: 'Activation Failed',
      status: 403,
    });
    expect(goTo).not.toHaveBeenCalled();
  });

  it("defaults the subject to 'Failed Request' when the server gives none", async () => {
    stubFetch({ 'GET /api/orgs/x': { status: 404, json: { message: 'Org x not found' } } });
    const error = await rejectionOf(apiRequest('GET', '/api/orgs/x'));
    expect(error.subject).toBe('Failed Request');
    expect(error.message).toBe('Org x not found');
  });

  it('rejects a non-JSON 500 with a readable message instead of hanging', async () => {
    stubFetch({
      'GET /api/licenses': { status: 500, text: '<html><body>Bad Gateway</body></html>' },
    });

    const error = await rejectionOf(apiRequest('GET', '/api/licenses'));

    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^The server answered 500\b.* to GET \/api\/licenses\.$/);
    expect(error.message).not.toContain('<html>');
  });

  it('rejects a successful answer that is not JSON (e.g. an HTML fallback page)', async () => {
    stubFetch({
      'GET /oauth2/user': { status: 200, text: '<!doctype html><div id="root"></div>' },
    });
    const error = await rejectionOf(apiRequest('GET', '/oauth2/user'));
    expect(error.message).toBe('The server sent something other than JSON for GET /oauth2/user.');
  });

  it('rejects with status 0 when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejectionOf(apiRequest('GET', '/api/packages'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Could not reach the server for GET /api/packages: Failed to fetch');
  });

  it('resolves an empty 2xx body to undefined', async () => {
    stubFetch({ 'DELETE /api/filters/3': { status: 204 } });
    await expect(apiRequest('DELETE', '/api/filters/3')).resolves.toBeUndefined();
  });
});
