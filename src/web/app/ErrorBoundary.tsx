import { Anchor, Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The route error boundary: a screen that throws shows what broke and a way out, instead of a
 * blank page. A failed lazy import (e.g. after a new release replaced the files) is fixed by a
 * reload, hence the button.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Center p="xl" data-testid="screen-error">
      <Paper p="xl" maw={640} w="100%">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" aria-hidden="true" />
            <Title order={2}>Something went wrong on this screen</Title>
          </Group>
          <Code block>{describeError(error)}</Code>
          <Text size="sm" c="dimmed">
            Reloading usually helps. If it keeps happening, send the text above to your Pushboard
            administrator.
          </Text>
          <Group justify="space-between">
            <Anchor component={Link} to="/">
              Go to Upgrades
            </Anchor>
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
