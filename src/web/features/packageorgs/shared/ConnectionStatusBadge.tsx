import { Badge } from '@mantine/core';
import { isHealthyConnectionStatus } from '../../../../domain';

/**
 * A connection status: green when Pushboard can work through the org, red otherwise
 * (docs/product.md "Connected Orgs list").
 */
export function ConnectionStatusBadge({ status }: { status: string }) {
  const healthy = isHealthyConnectionStatus(status);
  return (
    <Badge color={healthy ? 'green' : 'red'} variant="light" data-healthy={healthy}>
      {status}
    </Badge>
  );
}
