import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function PackageDetailScreen() {
  const { packageId } = useParams<'packageId'>();
  return (
    <Screen name="package" title="Package">
      <NotAvailableYet title="Package" reference={packageId ? `Package ${packageId}` : undefined} />
    </Screen>
  );
}
