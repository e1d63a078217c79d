import { EmptyState, Paper, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

interface NotAvailableYetProps {
  /** The screen's name as the top menu and spec call it, e.g. 'Orgs'. */
  title: string;
  /** The record the URL asked for, e.g. 'Org ID 00D…', so the user sees the link was understood. */
  reference?: string;
}

/** An honest placeholder for screens that later releases build: no fake rows, no dead buttons. */
export function NotAvailableYet({ title, reference }: NotAvailableYetProps) {
  return (
    <Paper p="xl">
      <EmptyState icon={<IconTool size={32} />} withIndicatorBackground>
        {/* The screen's title is its main heading, as the built screens will have. */}
        <EmptyState.Title order={1}>{title}</EmptyState.Title>
        <EmptyState.Description>This screen is not available yet.</EmptyState.Description>
        {reference && (
          <Text size="sm" c="dimmed" mt="xs">
            {reference}
          </Text>
        )}
      </EmptyState>
    </Paper>
  );
}
