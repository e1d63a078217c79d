// The Orgs list's Import modal (docs/product.md "Other dialogs" and "Org id import"; PUT /api/orgs
// in docs/api.md "Orgs, licenses, search"): pasted ids cleaned by the domain's rule, sent with a
// transid; the server looks unknown ids up in the background and the 'orgs' event with that transid
// brings the outcome: how many were added, already known, and not found. 'Failed to Add Org(s)'
// when the server refuses.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  formatOrgIds,
  parseOrgIds,
  type OrgImportSummary,
  type ServerEventPayload,
  orgEndpoints,
} from '../../../../domain';
import { getLiveSocket } from '../../../api/live';
import { callEndpoint } from '../../../api/endpoint-client';
import { showFailure } from '../../../components/failureNotice';

let imports = 0;
const newTransid = () => `import-${Date.now()}-${++imports}`;

interface ImportOrgsModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ImportOrgsModal({ opened, onClose }: ImportOrgsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import Orgs" centered size="lg">
      {opened && <ImportForm onClose={onClose} />}
    </Modal>
  );
}

export function summaryLines(summary: OrgImportSummary): string[] {
  return [
    `${summary.added} added`,
    `${summary.known} already known`,
    `${summary.notFound.length} not found`,
  ];
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [summary, setSummary] = useState<OrgImportSummary | null>(null);
  const transid = useRef<string | null>(null);
  const parsed = parseOrgIds(text);

  // The job's end arrives on the live channel; only our own transid counts.
  useEffect(() => {
    const socket = getLiveSocket();
    const onOrgs = (event: ServerEventPayload<'orgs'>) => {
      if (!transid.current || event.transid !== transid.current) return;
      if (event.imported) setSummary(event.imported);
    };
    socket.on('orgs', onOrgs);
    return () => {
      socket.off('orgs', onOrgs);
    };
  }, []);

  const start = useMutation({
    mutationFn: async () => {
      transid.current = newTransid();
      return callEndpoint(orgEndpoints.import, {
        body: { orgIds: parsed.orgIds, transid: transid.current },
      });
    },
    onSuccess: (answer) => {
      if (answer.summary) setSummary(answer.summary);
    },
    onError: (error) => showFailure('Failed to Add Org(s)', error),
  });

  if (summary) {
    return (
      <Stack>
        <Alert color={summary.notFound.length ? 'yellow' : 'green'} title="Import finished">
          <List size="sm" data-testid="import-summary">
            {summaryLines(summary).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {summary.notFound.length > 0 && (
            <Text size="sm" mt="xs">
              Not found in the LMA or any packaging org: {summary.notFound.join(', ')}
            </Text>
          )}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  const waiting = start.isSuccess;
  return (
    <Stack>
      <Textarea
        label="Org Ids"
        description="Paste org ids separated by commas, spaces, new lines or quotes."
        rows={8}
        data-autofocus
        disabled={start.isPending || waiting}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => parsed.orgIds.length && setText(formatOrgIds(parsed.orgIds))}
      />
      <Text size="sm" c="dimmed" data-testid="import-count">
        {parsed.orgIds.length === 1 ? '1 org id' : `${parsed.orgIds.length} org ids`}
        {parsed.rejected.length > 0 &&
          `; ignored: ${parsed.rejected.map((r) => r.entry).join(', ')}`}
      </Text>
      {waiting && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">
            {start.data.known} already known; looking up {start.data.lookingUp} in the background
            (see Background Jobs).
          </Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {waiting ? 'Close' : 'Cancel'}
        </Button>
        <Button
          disabled={parsed.orgIds.length === 0 || waiting}
          loading={start.isPending}
          onClick={() => start.mutate()}
        >
          Import
        </Button>
      </Group>
    </Stack>
  );
}
