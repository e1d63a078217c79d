// The black notice on a blacklisted org (docs/product.md "Org detail"), word for word, with why the
// org is blacklisted so the operator knows where to lift it.
import { Anchor, List, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BLACKLISTED_NOTICE, type OrgDetail } from '../../../../domain';
import { paths } from '../../../components/paths';

type BlacklistReason = OrgDetail['blacklist_reasons'][number];

function WhiteLink({ to, children }: { to: string | null; children: string }) {
  if (to === null) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} c="white" underline="always" inherit>
      {children}
    </Anchor>
  );
}

function Reason({ reason }: { reason: BlacklistReason }) {
  switch (reason.kind) {
    case 'group': {
      const name = reason.group_name ?? `#${reason.group_id ?? '?'}`;
      return (
        <>
          Member of Blacklist Group{' '}
          {reason.group_id === null ? (
            name
          ) : (
            <WhiteLink to={paths.orgGroup(reason.group_id)}>{name}</WhiteLink>
          )}
        </>
      );
    }
    case 'denied':
      return <>Listed in DENIED_ORGS</>;
    case 'account':
      return (
        <>
          Same account as a blacklisted org{' '}
          {reason.via_org_id ? (
            <WhiteLink to={paths.org(reason.via_org_id)}>{reason.via_org_id}</WhiteLink>
          ) : null}
        </>
      );
  }
}

export function BlacklistNotice({ reasons }: { reasons: OrgDetail['blacklist_reasons'] }) {
  return (
    <Paper
      bg="black"
      c="white"
      p="md"
      mb="md"
      role="note"
      aria-label="Blacklisted"
      data-testid="blacklist-notice"
    >
      <Text fw={600}>{BLACKLISTED_NOTICE}</Text>
      {reasons.length > 0 && (
        <List size="sm" mt="xs" c="white" data-testid="blacklist-reasons">
          {reasons.map((reason, index) => (
            <List.Item
              key={`${reason.kind}-${reason.group_id ?? ''}-${reason.via_org_id ?? index}`}
            >
              <Reason reason={reason} />
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
