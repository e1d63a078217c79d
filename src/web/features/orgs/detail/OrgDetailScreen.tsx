// Org detail (docs/product.md "Org detail"): the org's header, the blacklist notice, its actions,
// and the tabs Versions, Licenses, Upgrade Jobs, Related Orgs, Groups and History (the active one
// remembered).
import { Alert, Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { orgEndpoints, type OrgDetail } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { RecordHeader } from '../../../components/RecordHeader';
import { RememberedTabs } from '../../../components/RememberedTabs';
import { Screen } from '../../../components/Screen';
import { useRecord } from '../../../components/useRecord';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { BlacklistNotice } from './BlacklistNotice';
import { BlacklistSwitch } from './BlacklistSwitch';
import { OrgActions } from './OrgActions';
import { OrgFeatures } from './OrgFeatures';
import { OrgGroupsTab } from '../tabs/OrgGroupsTab';
import { OrgHistoryTab } from '../tabs/OrgHistoryTab';
import { OrgLicensesTab } from '../tabs/OrgLicensesTab';
import { OrgUpgradeJobsTab } from '../tabs/OrgUpgradeJobsTab';
import { OrgVersionsTab } from '../tabs/OrgVersionsTab';
import { RelatedOrgsTab } from '../tabs/RelatedOrgsTab';
import type { OrgTabProps } from '../tabs/orgTabProps';

/**
 * The tab set id under which the active tab is remembered (the name the console Pushboard replaces
 * used).
 */
export const ORG_TABS_ID = 'OrgRecord';

export function OrgDetailScreen() {
  const { orgId = '' } = useParams<'orgId'>();
  const state = useRecord(
    orgEndpoints.get,
    { params: { orgId } },
    // No backTo: the 'Failed Request' toast goes back in history, to wherever the link was.
    { queryKey: [...queryKeys.org, orgId] },
  );
  const org = state.record;

  let body;
  if (org) body = <OrgRecord org={org} />;
  else if (state.unreadable)
    body = (
      <Alert color="red" title="Failed Request">
        The server sent an org Pushboard cannot read.
      </Alert>
    );
  else if (state.isPending)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading org" />
      </Center>
    );
  else
    body = (
      <Alert color="red" title="Failed Request">
        {state.error?.message ?? 'The org could not be loaded.'}
      </Alert>
    );

  return (
    <Screen name="org" title={org?.name ?? 'Org'}>
      {body}
    </Screen>
  );
}

function OrgRecord({ org }: { org: OrgDetail }) {
  const { readOnly, username } = useTableAccess();
  const tab: OrgTabProps = { orgId: org.org_id, readOnly, username };
  return (
    <>
      <RecordHeader
        kind="Org"
        title={org.name ?? org.org_id}
        parent={{ label: 'Orgs', to: '/orgs' }}
        fields={[
          { label: 'Name', value: org.name },
          { label: 'Org ID', value: org.org_id },
          { label: 'Instance', value: org.instance },
          { label: 'Edition', value: org.edition },
          { label: 'Type', value: org.type },
          { label: 'Status', value: org.status },
          { label: 'Features', value: <OrgFeatures features={org.features} /> },
        ]}
        actions={
          <>
            <OrgActions orgId={org.org_id} orgName={org.name ?? org.org_id} readOnly={readOnly} />
            <BlacklistSwitch org={org} readOnly={readOnly} />
          </>
        }
      />
      {org.blacklisted && <BlacklistNotice reasons={org.blacklist_reasons} />}
      <RememberedTabs
        id={ORG_TABS_ID}
        tabs={[
          { value: 'versions', label: 'Versions', content: <OrgVersionsTab {...tab} /> },
          { value: 'licenses', label: 'Licenses', content: <OrgLicensesTab {...tab} /> },
          { value: 'jobs', label: 'Upgrade Jobs', content: <OrgUpgradeJobsTab {...tab} /> },
          { value: 'related', label: 'Related Orgs', content: <RelatedOrgsTab {...tab} /> },
          { value: 'groups', label: 'Groups', content: <OrgGroupsTab {...tab} /> },
          { value: 'history', label: 'History', content: <OrgHistoryTab {...tab} /> },
        ]}
      />
    </>
  );
}
