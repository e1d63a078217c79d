import { NotAvailableYet } from '../../components/NotAvailableYet';
import { Screen } from '../../components/Screen';

export function BackgroundJobsScreen() {
  return (
    <Screen name="admin" title="Background Jobs">
      <NotAvailableYet title="Background Jobs" />
    </Screen>
  );
}
