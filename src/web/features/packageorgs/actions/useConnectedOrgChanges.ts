// The connected-org change calls (docs/api.md "Connected orgs") with their failure titles
// (docs/product.md "Notices"). The live 'package-orgs' event refreshes every open list and detail;
// the caller's tab also refetches at once so the change shows without waiting for the event.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { connectedOrgEndpoints, type ConnectedOrgEdit } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';

export const FAILURE_TITLES = {
  refresh: 'Refresh Failed',
  revoke: 'Revoke Failed',
  delete: 'Delete Failed',
  activation: 'Activation Failed',
  edit: 'Fail',
  connect: 'Fail',
} as const;

export function showFailure(kind: keyof typeof FAILURE_TITLES, error: Error): void {
  notifications.show({
    color: 'red',
    title: FAILURE_TITLES[kind],
    message: error.message,
    autoClose: 10_000,
  });
}

export function useConnectedOrgChanges() {
  const queryClient = useQueryClient();
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.packageOrgs });
    await queryClient.invalidateQueries({ queryKey: queryKeys.packageOrg });
  };
  const selection = (verb: 'refresh' | 'revoke' | 'delete') =>
    ({
      mutationFn: (orgIds: string[]) =>
        callEndpoint(connectedOrgEndpoints[verb], { body: { orgIds } }),
      onSettled: reload,
      onError: (error: Error) => showFailure(verb, error),
    }) as const;
  return {
    refresh: useMutation(selection('refresh')),
    revoke: useMutation(selection('revoke')),
    remove: useMutation(selection('delete')),
    activation: useMutation({
      mutationFn: (input: { orgIds: string[]; flag: boolean }) =>
        callEndpoint(connectedOrgEndpoints.activation, { body: input }),
      onSettled: reload,
      onError: (error: Error) => showFailure('activation', error),
    }),
    edit: useMutation({
      mutationFn: (input: ConnectedOrgEdit) =>
        callEndpoint(connectedOrgEndpoints.edit, { body: input }),
      onSettled: reload,
      onError: (error: Error) => showFailure('edit', error),
    }),
  };
}
