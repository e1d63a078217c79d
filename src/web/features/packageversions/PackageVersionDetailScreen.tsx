import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function PackageVersionDetailScreen() {
  const { versionId } = useParams<'versionId'>();
  return (
    <Screen name="packageversion" title="Package Version">
      <NotAvailableYet
        title="Package Version"
        reference={versionId ? `Version ${versionId}` : undefined}
      />
    </Screen>
  );
}
