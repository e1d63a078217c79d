// Connected Org detail (docs/product.md "Connected Org detail"): who the org is, how its connection
// stands, its actions, and for a packaging org with a namespace the versions it released and the
// upgrades pushed from it.
import { Anchor, Paper } from '@mantine/core';
import { useParams } from 'react-router';
import { connectedOrgEndpoints, type ConnectedOrg } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { localDateTime } from '../../../components/dateTime';
import { FieldGrid, RecordHeader, type RecordField } from '../../../components/RecordHeader';
import { RememberedTabs } from '../../../components/RememberedTabs';
import { Screen } from '../../../components/Screen';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { RecordPlaceholder } from '../../../components/RecordPlaceholder';
import { useRecord } from '../../../components/useRecord';
import { ConnectedOrgActions } from '../actions/ConnectedOrgActions';
import { ConnectionStatusBadge } from '../shared/ConnectionStatusBadge';
import { PackageUpgradesTab } from './PackageUpgradesTab';
import { PackageVersionsTab } from './PackageVersionsTab';

function bodyFields(org: ConnectedOrg): RecordField[] {
  const fields: RecordField[] = [
    { label: 'Status', value: <ConnectionStatusBadge status={org.status} /> },
    { label: 'Instance Name', value: org.instance_name },
    {
      label: 'Instance URL',
      value: (
        <Anchor href={org.instance_url} target="_blank" rel="noopener noreferrer" size="sm">
          {org.instance_url}
        </Anchor>
      ),
    },
  ];
  if (org.namespace) fields.push({ label: 'Namespace', value: org.namespace });
  fields.push(
    { label: 'Active', value: org.active ? 'Yes' : 'No' },
    {
      label: 'Last Refreshed',
      value: localDateTime(org.refreshed_date) || null,
    },
  );
  return fields;
}

export function ConnectedOrgDetailScreen() {
  const { packageorgId = '' } = useParams<'packageorgId'>();
  const { readOnly, username } = useTableAccess();
  const state = useRecord(
    connectedOrgEndpoints.get,
    { params: { id: packageorgId } },
    { queryKey: [...queryKeys.packageOrg, packageorgId], backTo: '/packageorgs' },
  );
  const org = state.record;

  let body;
  if (!org) {
    body = <RecordPlaceholder what="connected org" state={state} />;
  } else {
    const tabProps = { orgId: org.org_id, readOnly, username };
    body = (
      <>
        <RecordHeader
          kind="Connected Org"
          title={org.name}
          parent={{ label: 'Connected Orgs', to: '/packageorgs' }}
          fields={[
            { label: 'Org ID', value: org.org_id },
            { label: 'Description', value: org.description },
            { label: 'Type', value: org.type },
          ]}
          actions={<ConnectedOrgActions org={org} readOnly={readOnly} />}
        />
        <Paper p="md" mb="md" withBorder data-testid="packageorg-body">
          <FieldGrid fields={bodyFields(org)} />
        </Paper>
        {/* Only an org with a namespace owns packages, so only it has versions and upgrades. */}
        {org.namespace && (
          <RememberedTabs
            id="PackageOrgView"
            tabs={[
              {
                value: 'versions',
                label: 'Package Versions',
                content: <PackageVersionsTab {...tabProps} />,
              },
              {
                value: 'upgrades',
                label: 'Package Upgrades',
                content: <PackageUpgradesTab {...tabProps} />,
              },
            ]}
          />
        )}
      </>
    );
  }

  return (
    <Screen name="packageorg" title={org ? org.name : 'Connected Org'}>
      {body}
    </Screen>
  );
}
