import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function LicenseDetailScreen() {
  const { licenseId } = useParams<'licenseId'>();
  return (
    <Screen name="license" title="License">
      <NotAvailableYet title="License" reference={licenseId ? `License ${licenseId}` : undefined} />
    </Screen>
  );
}
