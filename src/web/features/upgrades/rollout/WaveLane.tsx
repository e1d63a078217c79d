// One wave of the rollout swimlanes (docs/product.md "Staged rollouts"): its number and label,
// its state, the progress of its jobs, what the gate counts, and in the order they happened: when
// it started, ended, halted (why, in red), was resumed or skipped (by whom, with the comment) and
// passed.
import type { ReactNode } from 'react';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { progressOfUpgradeCounts, type RolloutWave } from '../../../../domain';
import { localDateTime } from '../../../components/dateTime';
import { UpgradeProgressBar } from '../shared/UpgradeProgressBar';
import { failureLine, WAVE_STATE_COLOR, WAVE_STATE_TEXT } from './rolloutLanes';

function when(label: string, at: string | null, by?: string | null, comment?: string | null) {
  if (!at) return null;
  return (
    <Text size="xs" c="dimmed" key={label}>
      {`${label} ${localDateTime(at)}${by ? ` by ${by}` : ''}`}
      {comment && <Text span size="xs" fs="italic" c="dark">{` — “${comment}”`}</Text>}
    </Text>
  );
}

export function WaveLane({ wave, actions }: { wave: RolloutWave; actions: ReactNode }) {
  const failed = failureLine(wave);
  const testId = `wave-lane-${wave.wave}`;
  return (
    <Paper withBorder p="sm" data-testid={testId} aria-label={`Wave ${wave.wave}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Text fw={600}>{`Wave ${wave.wave}`}</Text>
            <Text>{wave.label}</Text>
            <Badge
              color={WAVE_STATE_COLOR[wave.state]}
              variant="light"
              data-testid={`${testId}-state`}
            >
              {WAVE_STATE_TEXT[wave.state]}
            </Badge>
            <Text size="xs" c="dimmed">
              {`${wave.org_count} ${wave.org_count === 1 ? 'org' : 'orgs'}`}
              {wave.start_mode === 'person' && ' · started by a person'}
            </Text>
          </Group>
          {actions}
        </Group>
        {wave.state !== 'Waiting' && wave.state !== 'Skipped' && (
          <UpgradeProgressBar
            progress={progressOfUpgradeCounts(wave)}
            label={`Wave ${wave.wave} progress`}
            testId={`${testId}-progress`}
          />
        )}
        {failed && (
          <Text
            size="sm"
            c={wave.failed_org_count > 0 ? 'red' : undefined}
            data-testid={`${testId}-failed`}
          >
            {failed}
          </Text>
        )}
        {when('Started', wave.started_at, wave.started_by)}
        {when('Ended', wave.ended_at)}
        {when('Halted', wave.halted_at)}
        {wave.halt_reason && (
          <Alert color="red" title="Halted" p="xs" data-testid={`${testId}-halt`}>
            {wave.halt_reason}
          </Alert>
        )}
        {when('Resumed', wave.resumed_at, wave.resumed_by, wave.resume_comment)}
        {when('Skipped', wave.skipped_at, wave.skipped_by, wave.skip_comment)}
        {when('Passed', wave.passed_at)}
      </Stack>
    </Paper>
  );
}
