import { useParams } from 'react-router';
import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function UpgradeItemDetailScreen() {
  const { itemId } = useParams<'itemId'>();
  return (
    <Screen name="upgradeitem" title="Upgrade Request">
      <NotAvailableYet
        title="Upgrade Request"
        reference={itemId ? `Request ${itemId}` : undefined}
      />
    </Screen>
  );
}
