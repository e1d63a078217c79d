import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function LicensesListScreen() {
  return (
    <Screen name="licenses" title="Licenses">
      <NotAvailableYet title="Licenses" />
    </Screen>
  );
}
