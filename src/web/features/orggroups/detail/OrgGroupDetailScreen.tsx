// Org Group detail (docs/product.md "Org Group detail"): the group's header and actions, and its
// Members, Versions, Licenses and (except for a Blacklist Group) Upgrades tabs; the active tab is
// remembered.
import { useParams } from 'react-router';
import { isBlacklistGroup, orgGroupEndpoints, type OrgGroup } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { localDateTime } from '../../../components/dateTime';
import { RecordHeader, type RecordField } from '../../../components/RecordHeader';
import { RememberedTabs, type TabDefinition } from '../../../components/RememberedTabs';
import { Screen } from '../../../components/Screen';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { RecordPlaceholder } from '../../../components/RecordPlaceholder';
import { useRecord } from '../../../components/useRecord';
import { GroupLicensesTab } from './GroupLicensesTab';
import { GroupMembersTab } from './GroupMembersTab';
import { GroupUpgradesTab } from './GroupUpgradesTab';
import { GroupVersionsTab } from './GroupVersionsTab';
import { OrgGroupActions } from './OrgGroupActions';

const count = new Intl.NumberFormat('en-US');

function headerFields(group: OrgGroup): RecordField[] {
  const created = localDateTime(group.created_date);
  return [
    { label: 'Type', value: group.type },
    { label: 'Description', value: group.description },
    {
      label: 'Created',
      value: [created, group.created_by ? `by ${group.created_by}` : ''].join(' ').trim() || null,
    },
    { label: 'Members', value: count.format(group.member_count) },
  ];
}

export function OrgGroupDetailScreen() {
  const { orgGroupId = '' } = useParams<'orgGroupId'>();
  const { readOnly, username } = useTableAccess();
  const state = useRecord(
    orgGroupEndpoints.get,
    { params: { id: orgGroupId } },
    { queryKey: [...queryKeys.orgGroup, orgGroupId], backTo: '/orggroups' },
  );
  const group = state.record;

  let body;
  if (!group) {
    body = <RecordPlaceholder what="group" state={state} />;
  } else {
    const tabProps = { groupId: group.id, readOnly, username };
    const tabs: TabDefinition[] = [
      { value: 'members', label: 'Members', content: <GroupMembersTab {...tabProps} /> },
      { value: 'versions', label: 'Versions', content: <GroupVersionsTab {...tabProps} /> },
      { value: 'licenses', label: 'Licenses', content: <GroupLicensesTab {...tabProps} /> },
    ];
    if (!isBlacklistGroup(group)) {
      tabs.push({
        value: 'upgrades',
        label: 'Upgrades',
        content: <GroupUpgradesTab {...tabProps} />,
      });
    }
    body = (
      <>
        <RecordHeader
          kind="Org Group"
          title={group.name}
          parent={{ label: 'Org Groups', to: '/orggroups' }}
          fields={headerFields(group)}
          actions={<OrgGroupActions group={group} readOnly={readOnly} />}
        />
        <RememberedTabs id="OrgGroupView" tabs={tabs} />
      </>
    );
  }

  return (
    <Screen name="orggroup" title={group ? group.name : 'Org Group'}>
      {body}
    </Screen>
  );
}
