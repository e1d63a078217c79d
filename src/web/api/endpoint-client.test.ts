import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../domain';
import { calledUrls, stubFetch } from '../testing/stubFetch';
import { ApiError, setSignInRedirect } from './client';
import { callEndpoint, requestEndpoint, UnreadableAnswerError } from './endpoint-client';

const renameGroup = endpoint({
  method: 'PUT',
  path: '/api/groups/:id/name',
  tag: 'test',
  description: 'Renames a group.',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ notify: z.enum(['true', 'false']).optional(), tags: z.array(z.string()) }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string().transform((name) => name.toUpperCase()) }),
});

const listGroups = endpoint({
  method: 'GET',
  path: '/api/groups',
  tag: 'test',
  description: 'Every group.',
  response: z.array(z.object({ id: z.number() })),
});

const redirect = endpoint({
  method: 'GET',
  path: '/api/elsewhere',
  tag: 'test',
  description: 'Answers something that is not described.',
});

beforeEach(() => {
  setSignInRedirect({ currentLocation: () => ({ pathname: '/', search: '' }), goTo: vi.fn() });
});

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the call should have failed'),
    (reason: unknown) => reason,
  );
}

describe('callEndpoint', () => {
  it("sends the endpoint's method to its path with the parameters filled in, the query and the body", async () => {
    const fetchMock = stubFetch({ 'PUT /api/groups/7/name': { json: { id: 7, name: 'emea' } } });

    await callEndpoint(renameGroup, {
      params: { id: 7 },
      query: { notify: 'true', tags: ['a', 'b'] },
      body: { name: 'emea' },
    });

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"emea"}');
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'pushboard' });
    expect(calledUrls(fetchMock)[0]?.search).toBe('?notify=true&tags=a&tags=b');
  });

  it('percent-encodes path parameters', async () => {
    const fetchMock = stubFetch({});
    await rejectionOf(
      callEndpoint(renameGroup, { params: { id: 'a/b' }, query: { tags: [] }, body: { name: '' } }),
    );
    expect(calledUrls(fetchMock)[0]?.pathname).toBe('/api/groups/a%2Fb/name');
  });

  it('answers what the response schema makes of the answer', async () => {
    stubFetch({ 'PUT /api/groups/7/name': { json: { id: 7, name: 'emea', extra: true } } });

    const group = await callEndpoint(renameGroup, {
      params: { id: 7 },
      query: { tags: [] },
      body: { name: 'emea' },
    });

    expect(group).toEqual({ id: 7, name: 'EMEA' });
  });

  it('fails with UnreadableAnswerError, naming the call and where, when the answer does not fit', async () => {
    stubFetch({ 'GET /api/groups': { json: [{ id: 1 }, { id: 'two' }] } });

    const error = await rejectionOf(callEndpoint(listGroups));

    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toMatch(
      /^The server sent an answer to GET \/api\/groups Pushboard cannot read at 1\.id: /,
    );
  });

  it("rejects with the server's message and subject when the server refuses", async () => {
    stubFetch({
      'GET /api/groups': { status: 403, json: { message: 'Read-only', subject: 'Forbidden' } },
    });

    const error = await rejectionOf(callEndpoint(listGroups));

    expect(error).not.toBeInstanceOf(UnreadableAnswerError);
    expect(error).toMatchObject({ status: 403, message: 'Read-only', subject: 'Forbidden' });
  });

  it('answers the answer as it came when the endpoint describes none', async () => {
    stubFetch({ 'GET /api/elsewhere': { json: { anything: 1 } } });
    expect(await callEndpoint(redirect)).toEqual({ anything: 1 });
  });

  it('passes the signal on, so a query can cancel its call', async () => {
    const fetchMock = stubFetch({ 'GET /api/groups': { json: [] } });
    const controller = new AbortController();
    await callEndpoint(listGroups, { signal: controller.signal });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('takes only what the endpoint describes (checked by the type checker)', () => {
    // Each line would fail `tsc`; the calls are never made.
    const typeChecks = () => {
      // @ts-expect-error the path parameter is missing
      void callEndpoint(renameGroup, { query: { tags: [] }, body: { name: 'x' } });
      // @ts-expect-error the body has the wrong shape
      void callEndpoint(renameGroup, { params: { id: 1 }, query: { tags: [] }, body: { n: 1 } });
      // @ts-expect-error this endpoint takes no body
      void callEndpoint(listGroups, { body: { id: 1 } });
      const answer: Promise<{ id: number }[]> = callEndpoint(listGroups);
      // @ts-expect-error the answer is a list of groups, not a string
      const wrong: Promise<string> = callEndpoint(listGroups);
      return [answer, wrong];
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('requestEndpoint', () => {
  it('answers the answer unchecked, for callers that keep what they can read', async () => {
    stubFetch({ 'GET /api/groups': { json: [{ id: 1 }, { id: 'two' }] } });
    expect(await requestEndpoint(listGroups)).toEqual([{ id: 1 }, { id: 'two' }]);
  });
});
