import { Anchor, Button, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';

/** /authresponse?message=&severity=&code=: why a sign-in or org authorisation failed (spec §2, §8). */
export function AuthResponsePage() {
  const [searchParams] = useSearchParams();
  const message = searchParams.get('message');
  const severity = searchParams.get('severity');
  const code = searchParams.get('code');

  // Nothing to explain: a bookmarked or stripped URL goes to the start page.
  if (!message) return <Navigate to="/" replace />;

  return (
    <Center mih="100vh" bg="gray.1" p="lg" data-testid="screen-authresponse">
      <Paper w="100%" maw={560} p="xl" radius="md">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" aria-hidden="true" />
            <Title order={2}>Sorry about this, but...</Title>
          </Group>
          <Text data-testid="authresponse-message">{message}</Text>
          {(severity || code) && (
            <Table withRowBorders={false} variant="vertical" layout="fixed">
              <Table.Tbody>
                {severity && (
                  <Table.Tr>
                    <Table.Th scope="row" w={120}>
                      Severity
                    </Table.Th>
                    <Table.Td>{severity}</Table.Td>
                  </Table.Tr>
                )}
                {code && (
                  <Table.Tr>
                    <Table.Th scope="row" w={120}>
                      Error code
                    </Table.Th>
                    <Table.Td>{code}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between">
            <Anchor component={Link} to="/">
              Back to Pushboard
            </Anchor>
            <Button component={Link} to="/login">
              Sign in again
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
