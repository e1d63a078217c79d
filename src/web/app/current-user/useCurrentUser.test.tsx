import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { stubFetch } from '../../testing/stubFetch';
import { useCurrentUser, useIsReadOnly } from './useCurrentUser';

const operator = {
  display_name: 'Ada Operator',
  username: 'ada@example.com',
  read_only: false,
  enforce_activation_policy: true,
  enable_sumo: true,
  auth_method: 'salesforce',
};

function UserProbe() {
  const { displayName, username, status } = useCurrentUser();
  const readOnly = useIsReadOnly();
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{status}</dd>
      <dt>name</dt>
      <dd data-testid="name">{displayName}</dd>
      <dt>username</dt>
      <dd data-testid="username">{username}</dd>
      <dt>read-only</dt>
      <dd data-testid="read-only">{String(readOnly)}</dd>
    </dl>
  );
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useCurrentUser / useIsReadOnly', () => {
  it('assumes read-only until the user has loaded, then follows the record', async () => {
    const answer = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer.promise),
    );
    renderWithProviders(<UserProbe />);

    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    expect(screen.getByTestId('read-only')).toHaveTextContent('true');

    answer.resolve(new Response(JSON.stringify(operator), { status: 200 }));

    expect(await screen.findByText('Ada Operator')).toBeInTheDocument();
    expect(screen.getByTestId('read-only')).toHaveTextContent('false');
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(operator);
  });

  it('reports a read-only user as read-only', async () => {
    stubFetch({ 'GET /oauth2/user': { json: { ...operator, read_only: true } } });
    renderWithProviders(<UserProbe />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(screen.getByTestId('read-only')).toHaveTextContent('true');
  });

  it('shows the cached user at once while asking the server again', async () => {
    sessionStorage.setItem('user', JSON.stringify({ ...operator, display_name: 'Cached Ada' }));
    const fetchMock = stubFetch({ 'GET /oauth2/user': { json: operator } });
    renderWithProviders(<UserProbe />);

    expect(screen.getByTestId('name')).toHaveTextContent('Cached Ada');
    expect(await screen.findByText('Ada Operator')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("names the user 'Invalid' with the error message as username when the lookup fails", async () => {
    sessionStorage.setItem('user', JSON.stringify(operator));
    stubFetch({
      'GET /oauth2/user': {
        status: 500,
        json: { message: 'Database unavailable', subject: 'Failed Request' },
      },
    });
    renderWithProviders(<UserProbe />);

    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(screen.getByTestId('username')).toHaveTextContent('Database unavailable');
    expect(screen.getByTestId('read-only')).toHaveTextContent('true');
    expect(sessionStorage.getItem('user')).toBeNull();
  });

  it('rejects a record that lacks the permission flags instead of trusting it', async () => {
    stubFetch({
      'GET /oauth2/user': { json: { display_name: 'Ada', username: 'ada@example.com' } },
    });
    renderWithProviders(<UserProbe />);
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(screen.getByTestId('read-only')).toHaveTextContent('true');
  });
});
