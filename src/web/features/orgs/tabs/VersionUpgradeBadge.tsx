// The 'installed -> latest' badge of an org's package (docs/product.md "Upgrade available"). Which
// rows get one, its text and colour come from the domain rule (upgradeBadge); this only draws it.
import { Badge, Tooltip } from '@mantine/core';
import type { UpgradeBadge } from '../../../../domain';

// The domain names the colour in words; Mantine spells its palette 'gray'.
const MANTINE_COLOR = { green: 'green', grey: 'gray' } as const;

export function VersionUpgradeBadge({ badge }: { badge: UpgradeBadge }) {
  const drawn = (
    <Badge
      color={MANTINE_COLOR[badge.color]}
      variant="filled"
      tt="none"
      data-color={badge.color}
      data-testid="upgrade-badge"
    >
      {badge.text}
    </Badge>
  );
  if (!badge.note) return drawn;
  return (
    <Tooltip label={badge.note} events={{ hover: true, focus: true, touch: true }}>
      {/* Focusable so keyboard users can learn why the upgrade is blocked. */}
      <span tabIndex={0} style={{ display: 'inline-block' }}>
        {drawn}
      </span>
    </Tooltip>
  );
}
