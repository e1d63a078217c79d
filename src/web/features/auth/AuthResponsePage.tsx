import { Anchor, Button, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AUTH_RESPONSES, isAuthResponseCode } from '../../../domain/auth-response';

/** What the page says for a code it does not know: a crafted link shows nothing of its own. */
export const UNKNOWN_AUTH_RESPONSE =
  'Sign-in or connecting an org did not finish. Please start again.';

/**
 * /authresponse?message=&severity=&code=: why a sign-in or org authorisation failed
 * (docs/product.md "Sign-in problem page" and "Sign-in and connection errors"). It shows the fixed
 * sentence of a code it knows and never the query's own text, so nobody can put words on this page
 * with a link.
 */
export function AuthResponsePage() {
  const [searchParams] = useSearchParams();
  const rawCode = searchParams.get('code');
  const code = isAuthResponseCode(rawCode) ? rawCode : null;
  const known = code ? AUTH_RESPONSES[code] : null;
  const message = known?.message ?? UNKNOWN_AUTH_RESPONSE;
  const severity = known?.severity ?? 'Error';

  // Nothing to explain: a bookmarked or stripped URL goes to the start page.
  if (!searchParams.get('message')) return <Navigate to="/" replace />;

  return (
    <Center mih="100vh" bg="gray.1" p="lg" data-testid="screen-authresponse">
      <Paper w="100%" maw={560} p="xl" radius="md">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" aria-hidden="true" />
            <Title order={2}>Sorry about this, but...</Title>
          </Group>
          <Text data-testid="authresponse-message">{message}</Text>
          <Table withRowBorders={false} variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" w={120}>
                  Severity
                </Table.Th>
                <Table.Td>{severity}</Table.Td>
              </Table.Tr>
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
