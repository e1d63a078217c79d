// The Administration page's Import tab (docs/operations.md "Importing from the old console"): an
// admin access key session starts the import from the old console's database as a background job,
// a dry run unless "Write" is on; the job's card under Jobs shows its progress and report. Other
// users see why it is not theirs; the server refuses them too.
import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Switch, Text, Title } from '@mantine/core';
import { adminEndpoints } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { useCurrentUser } from '../../../app/current-user/useCurrentUser';

const URL_RULE = /^postgres(ql)?:\/\/\S+$/;

export function OldConsoleImportSection() {
  const { user } = useCurrentUser();
  if (user?.auth_method !== 'admin-key' || user.read_only) {
    return (
      <Alert color="gray" title="Import from the old console">
        Only an admin access key session may import from the old console: it writes groups,
        blacklists, history and connected orgs.
      </Alert>
    );
  }
  return <ImportForm />;
}

function ImportForm() {
  const [from, setFrom] = useState('');
  const [oldKey, setOldKey] = useState('');
  const [apply, setApply] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ apply: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const start = () => {
    if (!URL_RULE.test(from.trim())) {
      setError("Give the postgres:// URL of the old console's database.");
      return;
    }
    setError(null);
    setBusy(true);
    const body = { from: from.trim(), apply, ...(oldKey ? { old_key: oldKey } : {}) };
    callEndpoint(adminEndpoints.importOldConsole, { body })
      .then(() => {
        setStarted({ apply });
        setOldKey('');
      })
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason.message : String(reason)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="sm" maw={640}>
      <Title order={3}>Import from the old console</Title>
      <Text size="sm" c="dimmed">
        Brings over org groups and members (blacklists stay blacklists), saved filters, the upgrade
        history and the connected orgs. Run a dry run first: it only reports what would be imported
        and what is skipped, and why. A second import brings only what is new.
      </Text>
      <PasswordInput
        label="Old console database URL"
        description="postgres://user:password@host:5432/database (read only; kept sealed in the job)"
        value={from}
        onChange={(event) => setFrom(event.currentTarget.value)}
        maxLength={2000}
        visibilityToggleButtonProps={{ 'aria-label': 'Show the URL' }}
      />
      <PasswordInput
        label="Old console key (CRYPT_KEY)"
        description="Optional: to carry the connected orgs' tokens over; without it they need a re-connect"
        value={oldKey}
        onChange={(event) => setOldKey(event.currentTarget.value)}
        maxLength={512}
        visibilityToggleButtonProps={{ 'aria-label': 'Show the key' }}
      />
      <Switch
        label="Write (off: a dry run that only reports)"
        checked={apply}
        onChange={(event) => setApply(event.currentTarget.checked)}
      />
      {error ? <Alert color="red">{error}</Alert> : null}
      {started ? (
        <Alert color="green" title={started.apply ? 'Import started' : 'Dry run started'}>
          Watch it under Jobs: its card shows the progress and, at the end, the report.
        </Alert>
      ) : null}
      <Group>
        <Button onClick={start} loading={busy}>
          {apply ? 'Start import' : 'Start dry run'}
        </Button>
      </Group>
    </Stack>
  );
}
