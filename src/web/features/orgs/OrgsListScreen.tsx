import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function OrgsListScreen() {
  return (
    <Screen name="orgs" title="Orgs">
      <NotAvailableYet title="Orgs" />
    </Screen>
  );
}
