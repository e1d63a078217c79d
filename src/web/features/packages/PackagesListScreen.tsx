import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function PackagesListScreen() {
  return (
    <Screen name="packages" title="Packages">
      <NotAvailableYet title="Packages" />
    </Screen>
  );
}
