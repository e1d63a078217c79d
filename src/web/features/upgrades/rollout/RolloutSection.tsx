// Upgrade detail's Rollout section (docs/product.md "Staged rollouts"): for an upgrade scheduled
// with a rollout plan, one swimlane per wave and, between them, the gate (threshold, soak, and for
// the current wave why it waits or halted). A person may resume a halted rollout or skip a wave
// (each with a comment) and start a wave left to a person; read-only users see no buttons. Abort
// is the upgrade's Cancel. The halt notice itself comes over the live channel to every tab.
import { Fragment, useState } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import {
  activationPermission,
  formatPercent,
  permission,
  RESUME_COMMENT_REQUIRED,
  rolloutEndpoints,
  SKIP_COMMENT_REQUIRED,
  type Actor,
  type Rollout,
  type RolloutWave,
  type UpgradeDetail,
} from '../../../../domain';
import { PermittedButton } from '../../../components/PermittedButton';
import { ConfirmModal, type ConfirmRequest } from '../actions/ConfirmModal';
import { useUpgradeAction } from '../actions/useUpgradeAction';
import { waveDecisions } from './rolloutLanes';
import { useRollout } from './useRollout';
import { WaveLane } from './WaveLane';

export const ROLLOUT_CONFIRM = {
  resume:
    'Resume the halted rollout? The halted wave no longer holds it: the next wave starts once it has ended.',
  skip: (wave: number) =>
    `Skip wave ${wave}? Its push requests are canceled at Salesforce and the rollout goes on with the wave after it.`,
  start: (wave: number) => `Start wave ${wave} now?`,
};

const ROLLOUT_STATE_COLOR: Record<Rollout['state'], string> = {
  'Not started': 'gray',
  Running: 'blue',
  Halted: 'red',
  Waiting: 'yellow',
  Done: 'green',
  Canceled: 'gray',
};

interface RolloutSectionProps {
  upgrade: UpgradeDetail;
  actor: Actor | null;
  readOnly: boolean;
}

export function RolloutSection({ upgrade, actor, readOnly }: RolloutSectionProps) {
  const query = useRollout(upgrade.id);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const resume = useUpgradeAction({ kind: 'resume', endpoint: rolloutEndpoints.resume });
  const skip = useUpgradeAction({ kind: 'skipWave', endpoint: rolloutEndpoints.skipWave });
  const start = useUpgradeAction({ kind: 'startWave', endpoint: rolloutEndpoints.startWave });
  const rollout = query.data;
  // No plan (null), or a console without rollouts: nothing to show.
  if (!rollout) return null;
  const id = upgrade.id;

  const actions = (wave: RolloutWave) => {
    if (readOnly) return null;
    const may = waveDecisions(rollout, wave);
    return (
      <Group gap="xs" role="group" aria-label={`Wave ${wave.wave} actions`}>
        {may.resume && (
          <PermittedButton
            readOnly={readOnly}
            permission={permission(actor, 'cancel')}
            loading={resume.isPending}
            onClick={() =>
              setConfirm({
                title: 'Resume Rollout',
                message: ROLLOUT_CONFIRM.resume,
                withComment: true,
                commentRequired: RESUME_COMMENT_REQUIRED,
                confirmLabel: 'Resume',
                onConfirm: (comment) => resume.mutate({ params: { id }, body: { comment } }),
              })
            }
          >
            Resume
          </PermittedButton>
        )}
        {may.start && (
          <PermittedButton
            readOnly={readOnly}
            permission={activationPermission(actor, upgrade.created_by)}
            loading={start.isPending}
            onClick={() =>
              setConfirm({
                title: 'Start Wave',
                message: ROLLOUT_CONFIRM.start(wave.wave),
                onConfirm: () => start.mutate({ params: { id, wave: wave.wave } }),
              })
            }
          >
            Start wave
          </PermittedButton>
        )}
        {may.skip && (
          <PermittedButton
            readOnly={readOnly}
            permission={permission(actor, 'cancel')}
            loading={skip.isPending}
            variant="default"
            onClick={() =>
              setConfirm({
                title: 'Skip Wave',
                message: ROLLOUT_CONFIRM.skip(wave.wave),
                withComment: true,
                commentRequired: SKIP_COMMENT_REQUIRED,
                confirmLabel: 'Skip',
                onConfirm: (comment) =>
                  skip.mutate({ params: { id, wave: wave.wave }, body: { comment } }),
              })
            }
          >
            Skip
          </PermittedButton>
        )}
      </Group>
    );
  };

  return (
    <Stack gap="xs" mt="md" data-testid="rollout-section">
      <Group gap="xs">
        <Title order={3}>Rollout</Title>
        <Badge color={ROLLOUT_STATE_COLOR[rollout.state]} data-testid="rollout-state">
          {rollout.state}
        </Badge>
      </Group>
      {rollout.waves.map((wave, index) => (
        <Fragment key={wave.wave}>
          {index > 0 && <GateLine rollout={rollout} after={rollout.waves[index - 1]!} />}
          <WaveLane wave={wave} actions={actions(wave)} />
        </Fragment>
      ))}
      <ConfirmModal request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** The gate after a wave: its rules, and for the current wave why it waits or halted. */
function GateLine({ rollout, after }: { rollout: Rollout; after: RolloutWave }) {
  const gate = rollout.gate?.wave === after.wave ? rollout.gate : null;
  const rules = `Gate: at most ${formatPercent(rollout.failure_threshold_percent)} failed, soak ${rollout.soak_minutes} min`;
  return (
    <Group gap="xs" pl="md" data-testid={`gate-${after.wave}`}>
      <Text size="xs" c="dimmed">
        {`↓ ${rules}`}
      </Text>
      {gate?.reason && (
        <Text
          size="xs"
          c={gate.kind === 'halt' || rollout.state === 'Halted' ? 'red' : 'blue'}
          fw={500}
        >
          {gate.until ? `${gate.reason} until ${dayjs(gate.until).format('HH:mm')}` : gate.reason}
        </Text>
      )}
    </Group>
  );
}
