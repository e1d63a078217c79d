// The Schedule Upgrade modal (docs/product.md "Schedule Upgrade modal", "Scheduling an upgrade",
// "Schedule Upgrade" and "Notices"), opened by 'Upgrade Packages' on Org detail and Org Group
// detail. Schedule spins until the upgrade exists: the live 'upgrade' event with this attempt's
// transid (or the answer, whichever comes first) opens /upgrade/{id}; a failure shows 'Failed to
// Schedule', closes the modal and keeps the user here. The transid is made once per attempt and
// kept while it runs, so a double click sends the same one and the server answers the same upgrade.
// While the preview says the chosen versions reach no org, Schedule is off and says why (the server
// would refuse it with 409 and write nothing). The Rollout section (RolloutPlanEditor) sends a
// staged rollout's plan with the preview and the schedule; a plan the schema refuses is not sent.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
// The date picker's styles load with it, not with every page (main.tsx has Mantine's core ones).
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import {
  defaultScheduleStart,
  dropNoneSelections,
  NOTHING_TO_SCHEDULE,
  offersSelectNone,
  SCHEDULE_STEP_MINUTES,
  validateSchedule,
  type ScheduleField,
  type ServerEventPayload,
} from '../../../../domain';
import { getLiveSocket } from '../../../api/live';
import { filterContext } from '../../../components/data-table/filterState';
import { paths } from '../../../components/paths';
import { rememberOwnTransid } from '../notices/ownTransids';
import { RolloutPlanEditor } from './RolloutPlanEditor';
import { ALL_AT_ONCE, checkDraft, type RolloutDraft } from './rolloutDraft';
import { SchedulePreview } from './SchedulePreview';
import { useSchedulePreview } from './useSchedulePreview';
import { scheduleUpgrade, type ScheduleScope } from './scheduleCalls';
import { defaultSelection, useSchedulableVersions } from './useSchedulableVersions';
import { VersionPicker } from './VersionPicker';

export const FAILED_TO_SCHEDULE = 'Failed to Schedule';
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * 'Failed to Schedule' for 7 s, linking to the upgrade when an id came back (docs/product.md
 * "Notices").
 */
function showScheduleFailure(message: string, id: number | undefined, open: (to: string) => void) {
  const to = id === undefined ? null : paths.upgrade(id);
  notifications.show({
    color: 'red',
    title: FAILED_TO_SCHEDULE,
    message: to ? (
      <>
        {message}{' '}
        <Anchor size="sm" onClick={() => open(to)}>
          {`Open upgrade ${id}`}
        </Anchor>
      </>
    ) : (
      message
    ),
    autoClose: 7_000,
  });
}

interface ScheduleUpgradeModalProps {
  opened: boolean;
  onClose: () => void;
  scope: ScheduleScope;
  /** What is upgraded, for the title ('Acme Production', 'Group Pilot'). */
  name: string;
}

export function ScheduleUpgradeModal({ opened, onClose, scope, name }: ScheduleUpgradeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Schedule Upgrade: ${name}`} size="lg">
      {/* Mounted only while open: every opening starts from the defaults. */}
      {opened && <ScheduleForm scope={scope} onClose={onClose} />}
    </Modal>
  );
}

type Attempt = { transid: string; settled: boolean };

function ScheduleForm({ scope, onClose }: { scope: ScheduleScope; onClose: () => void }) {
  const navigate = useNavigate();
  const choices = useSchedulableVersions(scope, true);
  const [description, setDescription] = useState('');
  const [start, setStart] = useState<string | null>(() =>
    dayjs(defaultScheduleStart(new Date())).format(PICKER_FORMAT),
  );
  const [chosen, setChosen] = useState<Record<string, string[]> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ScheduleField | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const [rollout, setRollout] = useState<RolloutDraft>(ALL_AT_ONCE);
  // Empty wave inputs are pointed out once the user has tried to schedule.
  const [tried, setTried] = useState(false);
  const attempt = useRef<Attempt | null>(null);

  // The newest Verified version of each package, once the versions have loaded.
  const selection = chosen ?? (choices.data ? defaultSelection(choices.data) : {});
  const versions = dropNoneSelections(Object.values(selection).flat());
  const check = rollout.mode === 'staged' ? checkDraft(rollout, filterContext()) : null;
  const plan = check?.ok ? check.plan : null;
  const planErrors = check && !check.ok ? { ...check.errors, ...(tried ? check.missing : {}) } : {};
  const preview = useSchedulePreview(
    scope,
    versions,
    start ? dayjs(start).toISOString() : null,
    plan,
  );

  const finish = (outcome: { id?: number; message?: string; failed: boolean }) => {
    const current = attempt.current;
    if (!current || current.settled) return;
    current.settled = true;
    attempt.current = null;
    setBusy(false);
    if (outcome.failed || outcome.message || outcome.id === undefined) {
      showScheduleFailure(
        outcome.message ?? 'The upgrade was not scheduled.',
        outcome.id,
        (to) => void navigate(to),
      );
      onClose();
      return;
    }
    void navigate(paths.upgrade(outcome.id) ?? '/upgrades');
  };

  // The live event of this attempt's transid opens the upgrade (or reports why not).
  useEffect(() => {
    const socket = getLiveSocket();
    const onUpgrade = (event: ServerEventPayload<'upgrade'>) => {
      const current = attempt.current;
      if (!current || event.transid !== current.transid) return;
      const first = event.ids?.[0];
      finish({
        id: typeof first === 'number' ? first : undefined,
        message: event.message,
        failed: false,
      });
    };
    socket.on('upgrade', onUpgrade);
    return () => {
      socket.off('upgrade', onUpgrade);
    };
  });

  const submit = () => {
    // A second click while the first attempt runs sends nothing new; Enter does not schedule
    // what reaches nobody.
    if (attempt.current || preview.reachesNobody) return;
    setTried(true);
    const transid = crypto.randomUUID();
    const body = {
      versions,
      scheduled_date: start ? dayjs(start).toISOString() : '',
      description,
      transid,
      ...(plan ? { rollout: plan } : {}),
    };
    const checked = validateSchedule(body);
    if (!checked.ok || (check && !check.ok)) {
      setErrors(checked.ok ? {} : checked.errors);
      return;
    }
    setErrors({});
    attempt.current = { transid, settled: false };
    rememberOwnTransid(transid);
    setBusy(true);
    scheduleUpgrade(scope, body)
      .then((result) => finish({ id: result.id, message: result.message, failed: false }))
      .catch((error: unknown) =>
        finish({ message: error instanceof Error ? error.message : String(error), failed: true }),
      );
  };

  const packageChoices = choices.data ?? [];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Description"
          withAsterisk
          data-autofocus
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <DateTimePicker
          label="Start"
          withAsterisk
          value={start}
          onChange={setStart}
          valueFormat="YYYY-MM-DD hh:mm A"
          minDate={new Date()}
          timePickerProps={{ minutesStep: SCHEDULE_STEP_MINUTES, format: '12h' }}
          error={errors.scheduled_date}
        />
        {choices.error ? (
          <Text c="red" size="sm">
            {choices.error.message}
          </Text>
        ) : !choices.data ? (
          <Text size="sm" c="dimmed">
            Loading the versions…
          </Text>
        ) : packageChoices.length === 0 ? (
          <Text size="sm">No package is installed here.</Text>
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Versions
              </Text>
              {offersSelectNone(packageChoices.length) && (
                <Button size="compact-xs" variant="subtle" onClick={() => setChosen({})}>
                  Select None
                </Button>
              )}
            </Group>
            {packageChoices.map((choice) => (
              <VersionPicker
                key={choice.packageId}
                choice={choice}
                selected={selection[choice.packageId] ?? []}
                onChange={(picked) => setChosen({ ...selection, [choice.packageId]: picked })}
              />
            ))}
            {errors.versions && (
              <Text c="red" size="sm">
                {errors.versions}
              </Text>
            )}
          </>
        )}
        <RolloutPlanEditor draft={rollout} onChange={setRollout} errors={planErrors} />
        {check && !check.ok && (
          <Text size="sm" c="dimmed" data-testid="rollout-plan-incomplete">
            The preview shows the waves once the rollout plan is complete.
          </Text>
        )}
        <SchedulePreview versions={versions} preview={preview} />
        {errors.form && (
          <Text c="red" size="sm">
            {errors.form}
          </Text>
        )}
        {preview.reachesNobody && (
          <Text size="sm" c="red" data-testid="schedule-disabled-reason">
            {NOTHING_TO_SCHEDULE}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Tooltip
            label={NOTHING_TO_SCHEDULE}
            disabled={!preview.reachesNobody}
            multiline
            maw={320}
            events={{ hover: true, focus: true, touch: true }}
          >
            {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
            <span
              style={{ display: 'inline-block' }}
              tabIndex={preview.reachesNobody ? 0 : undefined}
            >
              <Button type="submit" loading={busy} disabled={preview.reachesNobody}>
                Schedule
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
}
