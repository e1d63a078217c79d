// The Edit modal (docs/product.md "Connected Org detail"): Type (Package, Licenses or Accounts) and
// Description — the only fields an operator sets; the rest comes from Salesforce.
import { useState } from 'react';
import { Button, Group, Modal, Select, Textarea } from '@mantine/core';
import { CONNECTED_ORG_TYPES, type ConnectedOrg } from '../../../../domain';

interface EditConnectedOrgModalProps {
  org: ConnectedOrg;
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: { type: ConnectedOrg['type']; description: string | null }) => void;
}

export function EditConnectedOrgModal({
  org,
  opened,
  saving,
  onClose,
  onSave,
}: EditConnectedOrgModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${org.name}`} centered>
      {/* Keyed so the form starts from the org's current values each time it opens. */}
      {opened && (
        <EditForm key={org.org_id} org={org} saving={saving} onClose={onClose} onSave={onSave} />
      )}
    </Modal>
  );
}

function EditForm({ org, saving, onClose, onSave }: Omit<EditConnectedOrgModalProps, 'opened'>) {
  const [type, setType] = useState<ConnectedOrg['type']>(org.type);
  const [description, setDescription] = useState(org.description ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ type, description: description.trim() || null });
      }}
    >
      <Select
        label="Type"
        data={[...CONNECTED_ORG_TYPES]}
        allowDeselect={false}
        value={type}
        onChange={(value) => value && setType(value)}
      />
      <Textarea
        label="Description"
        mt="sm"
        rows={3}
        maxLength={255}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </Group>
    </form>
  );
}
