import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function UpgradesListScreen() {
  return (
    <Screen name="upgrades" title="Upgrades">
      <NotAvailableYet title="Upgrades" />
    </Screen>
  );
}
