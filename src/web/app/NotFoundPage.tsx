import { Button, EmptyState, Paper } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Screen } from '../components/Screen';

/** Any path outside the routes of docs/product.md "Route table". */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Screen name="not-found" title="Page not found">
      <Paper p="xl">
        <EmptyState icon={<IconMapOff size={32} />} withIndicatorBackground>
          <EmptyState.Title order={1}>Page not found</EmptyState.Title>
          <EmptyState.Description>{`There is no page at ${pathname}.`}</EmptyState.Description>
          <Button component={Link} to="/" mt="md">
            Go to Upgrades
          </Button>
        </EmptyState>
      </Paper>
    </Screen>
  );
}
