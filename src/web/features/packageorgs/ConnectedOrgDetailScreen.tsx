import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function ConnectedOrgDetailScreen() {
  const { packageorgId } = useParams<'packageorgId'>();
  return (
    <Screen name="packageorg" title="Connected Org">
      <NotAvailableYet
        title="Connected Org"
        reference={packageorgId ? `Org ID ${packageorgId}` : undefined}
      />
    </Screen>
  );
}
