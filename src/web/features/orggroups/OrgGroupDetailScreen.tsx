import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function OrgGroupDetailScreen() {
  const { orgGroupId } = useParams<'orgGroupId'>();
  return (
    <Screen name="orggroup" title="Org Group">
      <NotAvailableYet
        title="Org Group"
        reference={orgGroupId ? `Group ${orgGroupId}` : undefined}
      />
    </Screen>
  );
}
