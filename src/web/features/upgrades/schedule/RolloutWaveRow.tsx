// One wave of the rollout plan editor (docs/product.md "Staged rollouts"): which orgs it takes
// (a group, a share of the rest, a filter on an Orgs list column, or the rest), when it starts,
// and the buttons that move or remove it. Each input shows its own message from the plan check.
import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { ORG_LIST } from '../../../../domain';
import { errorAt, type PlanErrors, type WaveDraft, type WaveKind } from './rolloutDraft';

export const WAVE_KINDS: { value: WaveKind; label: string }[] = [
  { value: 'group', label: 'An org group' },
  { value: 'percent', label: 'A share of the rest' },
  { value: 'filter', label: 'Orgs matching a filter' },
  { value: 'rest', label: 'The rest' },
];

export const START_MODES = [
  { value: 'gate', label: 'When the gate passes' },
  { value: 'person', label: 'When someone starts it' },
];

const COLUMNS = ORG_LIST.columns.map((c) => ({ value: c.id, label: c.label }));

interface RolloutWaveRowProps {
  wave: WaveDraft;
  index: number;
  count: number;
  groups: { value: string; label: string }[];
  errors: PlanErrors;
  onChange: (wave: WaveDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function RolloutWaveRow(props: RolloutWaveRowProps) {
  const { wave, index, count, groups, errors, onChange, onMove, onRemove } = props;
  const number = index + 1;
  const at = `waves.${index}`;
  const sel = `${at}.selector`;
  const set = (patch: Partial<WaveDraft>) => onChange({ ...wave, ...patch });
  return (
    <Paper withBorder p="xs" data-testid={`rollout-wave-${number}`} aria-label={`Wave ${number}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>{`Wave ${number}`}</Text>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Move up">
              <ActionIcon
                variant="subtle"
                aria-label={`Move wave ${number} up`}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                ↑
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon
                variant="subtle"
                aria-label={`Move wave ${number} down`}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                ↓
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove wave ${number}`}
                onClick={onRemove}
              >
                ✕
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Orgs"
            data={WAVE_KINDS}
            value={wave.kind}
            allowDeselect={false}
            onChange={(kind) => kind && set({ kind: kind })}
            error={errorAt(errors, sel)}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Start"
            data={START_MODES}
            value={wave.start}
            allowDeselect={false}
            onChange={(start) => start && set({ start: start as WaveDraft['start'] })}
            error={errorAt(errors, `${at}.start`)}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {wave.kind === 'group' && (
          <Select
            label="Group"
            placeholder="Choose a group"
            searchable
            data={groups}
            value={wave.groupId === null ? null : String(wave.groupId)}
            onChange={(id) => set({ groupId: id === null ? null : Number(id) })}
            error={errorAt(errors, `${sel}.groupId`)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {wave.kind === 'percent' && (
          <NumberInput
            label="Share of the orgs not in an earlier wave (%)"
            min={0}
            max={100}
            decimalScale={2}
            value={wave.percent}
            onChange={(percent) => set({ percent })}
            error={errorAt(errors, `${sel}.percent`)}
          />
        )}
        {wave.kind === 'filter' && (
          <Group grow align="flex-start">
            <Select
              label="Column"
              placeholder="Choose a column"
              data={COLUMNS}
              value={wave.column}
              onChange={(column) => set({ column })}
              error={errorAt(errors, `${sel}.column`, `${sel}.filters.0.id`)}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Expression"
              placeholder='"Sandbox"'
              description="In the Orgs list's filter language"
              value={wave.expression}
              onChange={(event) => set({ expression: event.currentTarget.value })}
              error={errorAt(
                errors,
                `${sel}.expression`,
                `${sel}.filters.0.value`,
                `${sel}.filters`,
              )}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
