import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function OrgGroupsListScreen() {
  return (
    <Screen name="orggroups" title="Org Groups">
      <NotAvailableYet title="Org Groups" />
    </Screen>
  );
}
