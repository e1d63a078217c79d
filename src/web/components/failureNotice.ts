// A refused change (docs/product.md "Notices"): the failure under its title, with the server's
// message, for 10 s. Group changes, org blacklisting and the confirmed selection actions all raise
// it.
import { notifications } from '@mantine/notifications';

export type FailureTitle =
  | 'Removal Failed'
  | 'Addition Failed'
  | 'Delete Failed'
  | 'Failed to Add Org(s)'
  | 'Save Failed'
  | 'Fail';

export function showFailure(title: FailureTitle, error: unknown): void {
  notifications.show({
    color: 'red',
    title,
    message: error instanceof Error ? error.message : String(error),
    autoClose: 10_000,
  });
}
