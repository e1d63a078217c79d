import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function ConnectedOrgsListScreen() {
  return (
    <Screen name="packageorgs" title="Connected Orgs">
      <NotAvailableYet title="Connected Orgs" />
    </Screen>
  );
}
