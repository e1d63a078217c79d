// The Features field of the org header: the org's enabled features as a list.
import { Badge, Group, Text } from '@mantine/core';

export function OrgFeatures({ features }: { features: readonly string[] }) {
  if (features.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Group gap={4} component="ul" p={0} m={0} aria-label="Features" style={{ listStyle: 'none' }}>
      {features.map((feature) => (
        <Badge key={feature} component="li" variant="light" tt="none">
          {feature}
        </Badge>
      ))}
    </Group>
  );
}
