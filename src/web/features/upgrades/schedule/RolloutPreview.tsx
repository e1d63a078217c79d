// The preview's waves of a staged rollout (docs/product.md "Staged rollouts"): each wave in
// order with its org count, the first orgs it takes, and the orgs a Salesforce maintenance window
// holds to it from the wave before.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { PreviewWave } from '../../../../domain';

const count = new Intl.NumberFormat('en-US');
/** How many of a wave's sample orgs are named before "and N more". */
const NAMED = 5;

const orgs = (n: number) => `${count.format(n)} ${n === 1 ? 'org' : 'orgs'}`;

export function RolloutPreview({ waves }: { waves: readonly PreviewWave[] }) {
  return (
    <Stack gap={4} aria-label="waves" data-testid="preview-waves">
      <Text size="sm" fw={500}>
        Waves
      </Text>
      {waves.map((wave) => {
        const named = wave.sample.slice(0, NAMED);
        const more = wave.orgs - named.length;
        return (
          <Paper key={wave.wave} withBorder p={6} data-testid={`preview-wave-${wave.wave}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{`Wave ${wave.wave}: ${wave.label}`}</Text>
              <Badge variant="light" color={wave.orgs === 0 ? 'red' : 'blue'}>
                {orgs(wave.orgs)}
              </Badge>
            </Group>
            {named.length > 0 && (
              <Text size="xs" c="dimmed">
                {named.map((org) => org.org_name ?? org.org_id).join(', ')}
                {more > 0 && `, and ${count.format(more)} more`}
              </Text>
            )}
            {wave.held_from_previous > 0 && (
              <Text size="xs" c="orange">
                {`${count.format(wave.held_from_previous)} held from wave ${wave.wave - 1} (maintenance)`}
              </Text>
            )}
            {wave.start_mode === 'person' && wave.wave > 1 && (
              <Text size="xs" c="dimmed">
                Waits for someone to start it
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
