// The Schedule Upgrade modal's Rollout section (docs/product.md "Staged rollouts"): all at once
// (the default, as before) or a staged rollout: a preset ("Sandboxes first", or a canary group,
// 10 %, 50 % and the rest), then the waves to edit, the failure threshold and the soak time.
import { useState } from 'react';
import { Button, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  canaryPlan,
  isBlacklistGroup,
  MAX_SOAK_MINUTES,
  MAX_WAVES,
  orgGroupEndpoints,
  sandboxesFirstPlan,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { RolloutWaveRow } from './RolloutWaveRow';
import {
  addWave,
  canAddWave,
  errorAt,
  moveWave,
  wavesOf,
  type PlanErrors,
  type RolloutDraft,
} from './rolloutDraft';

export const SANDBOXES_FIRST = 'Sandboxes first';
export const CANARY_PRESET = 'Canary group, 10 %, 50 %, the rest';

interface RolloutPlanEditorProps {
  draft: RolloutDraft;
  onChange: (draft: RolloutDraft) => void;
  /** The messages to show now, keyed by plan path. */
  errors: PlanErrors;
}

/** The org groups a wave can take (a Blacklist Group is never upgraded). */
function useWaveGroups() {
  const groups = useEndpointQuery([...queryKeys.orgGroups, 'rollout'], orgGroupEndpoints.list);
  return (groups.data ?? [])
    .filter((group) => !isBlacklistGroup(group))
    .map((group) => ({ value: String(group.id), label: group.name }));
}

export function RolloutPlanEditor({ draft, onChange, errors }: RolloutPlanEditorProps) {
  const set = (patch: Partial<RolloutDraft>) => onChange({ ...draft, ...patch });
  const waves = draft.waves;
  return (
    <Stack gap="xs" data-testid="rollout-section">
      <Text size="sm" fw={500}>
        Rollout
      </Text>
      <SegmentedControl
        aria-label="Rollout"
        data={[
          { value: 'all', label: 'All at once' },
          { value: 'staged', label: 'Staged rollout' },
        ]}
        value={draft.mode}
        onChange={(mode) =>
          set(
            mode === 'staged'
              ? {
                  mode: 'staged',
                  waves: waves.length > 0 ? waves : wavesOf(sandboxesFirstPlan()),
                }
              : { mode: 'all' },
          )
        }
      />
      {draft.mode === 'staged' && <StagedPlan draft={draft} onChange={onChange} errors={errors} />}
    </Stack>
  );
}

/** The staged plan's inputs (the groups load only when a staged rollout is chosen). */
function StagedPlan({ draft, onChange, errors }: RolloutPlanEditorProps) {
  const groups = useWaveGroups();
  const [canary, setCanary] = useState<string | null>(null);
  const set = (patch: Partial<RolloutDraft>) => onChange({ ...draft, ...patch });
  const waves = draft.waves;
  return (
    <>
      <Group align="flex-end" gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => set({ waves: wavesOf(sandboxesFirstPlan()) })}
        >
          {SANDBOXES_FIRST}
        </Button>
        <Select
          size="xs"
          label="Canary group"
          placeholder="Choose the canary group"
          searchable
          data={groups}
          value={canary}
          onChange={setCanary}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          size="xs"
          disabled={canary === null}
          onClick={() => canary && set({ waves: wavesOf(canaryPlan(Number(canary))) })}
        >
          {CANARY_PRESET}
        </Button>
      </Group>
      {waves.map((wave, index) => (
        <RolloutWaveRow
          key={wave.key}
          wave={wave}
          index={index}
          count={waves.length}
          groups={groups}
          errors={errors}
          onChange={(changed) => set({ waves: waves.map((w, i) => (i === index ? changed : w)) })}
          onMove={(by) => set({ waves: moveWave(waves, index, by) })}
          onRemove={() => set({ waves: waves.filter((_, i) => i !== index) })}
        />
      ))}
      {errorAt(errors, 'waves') && (
        <Text c="red" size="sm">
          {errorAt(errors, 'waves')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={!canAddWave(waves)}
          title={canAddWave(waves) ? undefined : `At most ${MAX_WAVES} waves`}
          onClick={() => set({ waves: addWave(waves) })}
        >
          Add wave
        </Button>
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Failure threshold (%)"
          description="A wave with more failed orgs halts the rollout"
          min={0}
          max={100}
          decimalScale={2}
          value={draft.threshold}
          onChange={(threshold) => set({ threshold })}
          error={errorAt(errors, 'failureThresholdPercent')}
        />
        <NumberInput
          label="Soak (minutes)"
          description="How long a wave must have ended before the next starts"
          min={0}
          max={MAX_SOAK_MINUTES}
          allowDecimal={false}
          value={draft.soak}
          onChange={(soak) => set({ soak })}
          error={errorAt(errors, 'soakMinutes')}
        />
      </Group>
    </>
  );
}
