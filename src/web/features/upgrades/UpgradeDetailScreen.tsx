import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function UpgradeDetailScreen() {
  const { upgradeId } = useParams<'upgradeId'>();
  return (
    <Screen name="upgrade" title="Upgrade">
      <NotAvailableYet title="Upgrade" reference={upgradeId ? `Upgrade ${upgradeId}` : undefined} />
    </Screen>
  );
}
