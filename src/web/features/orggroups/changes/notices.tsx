// The success notices of group changes (docs/product.md "Notices"): 'Added orgs' and 'Moved orgs'
// for 7 s, each linking to the group. Failures go through components/failureNotice.
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { addedOrgsNotice, movedOrgsNotice, type OrgGroupRef } from '../../../../domain';
import { paths } from '../../../components/paths';

export const NOTICE_MS = 7_000;

/** Moves the app to a path (the caller's router navigate: the toasts live outside the router). */
export type OpenPath = (path: string) => void;

function GroupLink({ group, text, open }: { group: OrgGroupRef; text: string; open: OpenPath }) {
  const path = paths.orgGroup(group.id) ?? '/orggroups';
  return (
    <Anchor
      href={path}
      inherit
      onClick={(event) => {
        event.preventDefault();
        open(path);
      }}
    >
      {text}
    </Anchor>
  );
}

export function showAdded(group: OrgGroupRef, count: number, open: OpenPath): void {
  notifications.show({
    color: 'green',
    title: 'Added orgs',
    message: <GroupLink group={group} text={addedOrgsNotice(count, group.name)} open={open} />,
    autoClose: NOTICE_MS,
  });
}

export function showMoved(group: OrgGroupRef, count: number, open: OpenPath): void {
  notifications.show({
    color: 'green',
    title: 'Moved orgs',
    message: <GroupLink group={group} text={movedOrgsNotice(count, group.name)} open={open} />,
    autoClose: NOTICE_MS,
  });
}
