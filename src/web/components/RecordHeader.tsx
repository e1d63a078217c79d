import type { ReactNode } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface RecordField {
  readonly label: string;
  readonly value: ReactNode;
}

interface RecordHeaderProps {
  /** What kind of record this is ('Org', 'License'), above the title. */
  kind: string;
  title: ReactNode;
  /** The parent list, e.g. { label: 'Licenses', to: '/licenses' }. */
  parent?: { label: string; to: string };
  fields: readonly RecordField[];
  actions?: ReactNode;
  children?: ReactNode;
}

/** A detail screen's header: kind, title, parent link, actions and the key fields. */
export function RecordHeader({
  kind,
  title,
  parent,
  fields,
  actions,
  children,
}: RecordHeaderProps) {
  return (
    <Paper p="md" mb="md" withBorder>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {parent ? (
              <Anchor component={Link} to={parent.to} size="xs" inherit>
                {parent.label}
              </Anchor>
            ) : (
              kind
            )}
            {parent ? ` › ${kind}` : null}
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      <FieldGrid fields={fields} mt="md" />
      {children}
    </Paper>
  );
}

/** Label and value pairs in a responsive grid. */
export function FieldGrid({ fields, mt }: { fields: readonly RecordField[]; mt?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="xs" mt={mt}>
      {fields.map((field) => (
        <Stack key={field.label} gap={0}>
          <Text size="xs" c="dimmed">
            {field.label}
          </Text>
          <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
            {field.value ?? '—'}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
