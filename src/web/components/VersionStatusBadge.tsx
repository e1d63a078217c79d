import { Badge, type MantineColor } from '@mantine/core';

/**
 * The colour of a package version's release status (docs/product.md
 * "Package version and license statuses" and "Constants and limits", for the status colours):
 * Verified is the generally available release the scheduler pre-selects (green); Pre-Release and
 * Preview are not for everyone yet (yellow, the warning colour); Limited and anything unknown are
 * neutral (grey).
 */
export function versionStatusColor(status: string | null | undefined): MantineColor {
  switch (status) {
    case 'Verified':
      return 'green';
    case 'Pre-Release':
    case 'Preview':
      return 'yellow';
    default:
      return 'gray';
  }
}

export function VersionStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Badge
      color={versionStatusColor(status)}
      variant="light"
      data-color={versionStatusColor(status)}
    >
      {status}
    </Badge>
  );
}
