// The notices of group changes (spec §8): failures under their titles with the server's message,
// and the 'Added orgs' success notice for 7 s linking to the group.
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { addedOrgsNotice, movedOrgsNotice, type OrgGroupRef } from '../../../../domain';
import { paths } from '../../../components/paths';

export type FailureTitle =
  | 'Removal Failed'
  | 'Addition Failed'
  | 'Delete Failed'
  | 'Failed to Add Org(s)'
  | 'Save Failed'
  | 'Fail';

export const NOTICE_MS = 7_000;

export function showFailure(title: FailureTitle, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: error instanceof Error ? error.message : String(error),
    autoClose: 10_000,
  });
}

function GroupLink({ group, text }: { group: OrgGroupRef; text: string }) {
  return (
    <Anchor component={Link} to={paths.orgGroup(group.id) ?? '/orggroups'} inherit>
      {text}
    </Anchor>
  );
}

export function showAdded(group: OrgGroupRef, count: number): void {
  notifications.show({
    color: 'green',
    title: 'Added orgs',
    message: <GroupLink group={group} text={addedOrgsNotice(count, group.name)} />,
    autoClose: NOTICE_MS,
  });
}

export function showMoved(group: OrgGroupRef, count: number): void {
  notifications.show({
    color: 'green',
    title: 'Moved orgs',
    message: <GroupLink group={group} text={movedOrgsNotice(count, group.name)} />,
    autoClose: NOTICE_MS,
  });
}
