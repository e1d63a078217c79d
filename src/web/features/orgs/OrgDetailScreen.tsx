import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function OrgDetailScreen() {
  const { orgId } = useParams<'orgId'>();
  return (
    <Screen name="org" title="Org">
      <NotAvailableYet title="Org" reference={orgId ? `Org ID ${orgId}` : undefined} />
    </Screen>
  );
}
