// The New and Edit group modal (docs/product.md "Org Groups list"): Name, Type (Upgrade Group by
// default), Description, and for a new group Import Org Ids, cleaned by the domain's import rule
// when the box loses focus and shown comma-separated (docs/product.md "Org id import"). The server
// checks everything again.
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_ORG_GROUP_TYPE,
  GROUP_NAME_REQUIRED,
  ORG_GROUP_TYPES,
  formatOrgIds,
  parseOrgIds,
  type OrgGroup,
  type OrgGroupRef,
  type OrgGroupType,
  orgGroupEndpoints,
} from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';

interface GroupFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this group; without it the modal creates one. */
  group?: OrgGroup | undefined;
  onSaved?: (group: OrgGroupRef) => void;
}

export function GroupFormModal({ opened, onClose, group, onSaved }: GroupFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={group ? 'Edit Group' : 'New Group'} centered>
      {/* Mounted only while open: every opening starts from the group's current values. */}
      {opened && <GroupForm group={group} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function GroupForm({ group, onClose, onSaved }: Omit<GroupFormModalProps, 'opened'>) {
  const [name, setName] = useState(group?.name ?? '');
  const [type, setType] = useState<OrgGroupType>(
    (ORG_GROUP_TYPES as readonly string[]).includes(group?.type ?? '')
      ? (group!.type as OrgGroupType)
      : DEFAULT_ORG_GROUP_TYPE,
  );
  const [description, setDescription] = useState(group?.description ?? '');
  const [orgText, setOrgText] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const parsed = parseOrgIds(orgText);
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(orgGroupEndpoints.save, {
        body: {
          ...(group ? { id: group.id } : {}),
          name,
          type,
          description,
          ...(group ? {} : { orgIds: parsed.orgIds }),
        },
      }),
    onSuccess: (saved) => {
      onSaved?.(saved);
      onClose();
    },
  });
  const submit = () => {
    if (!name.trim()) return setNameError(GROUP_NAME_REQUIRED);
    save.mutate();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          // The asterisk only: the form checks the name itself and says so under the field.
          withAsterisk
          data-autofocus
          value={name}
          error={nameError}
          maxLength={100}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
        <Select
          label="Type"
          data={[...ORG_GROUP_TYPES]}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value)}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {!group && (
          <Textarea
            label="Import Org Ids"
            description="Paste org ids separated by commas, spaces, new lines or quotes."
            rows={4}
            value={orgText}
            onChange={(event) => setOrgText(event.currentTarget.value)}
            onBlur={() => setOrgText(formatOrgIds(parsed.orgIds))}
          />
        )}
        {!group && orgText.trim() !== '' && (
          <Text size="sm" c="dimmed" data-testid="import-count">
            {parsed.orgIds.length === 1 ? '1 org id' : `${parsed.orgIds.length} org ids`}
            {parsed.rejected.length > 0 &&
              `; ignored: ${parsed.rejected.map((r) => r.entry).join(', ')}`}
          </Text>
        )}
        {save.error && (
          <Alert color="red" title="Save Failed">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
