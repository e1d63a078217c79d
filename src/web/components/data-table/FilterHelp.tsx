// The filter language's help (docs/product.md "Filter language"), shown in the popover a
// double-click on any filter input opens. The entries come from the domain so the help cannot drift
// from the parser.
import { Code, Table, Text } from '@mantine/core';
import { FILTER_HELP } from '../../../domain';

export function FilterHelp() {
  return (
    <>
      <Text fw={700} size="sm" mb="xs">
        Filter help
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} fz="xs">
        <Table.Tbody>
          {FILTER_HELP.map((entry) => (
            <Table.Tr key={entry.example}>
              <Table.Td style={{ whiteSpace: 'pre' }}>
                <Code>{entry.example}</Code>
              </Table.Td>
              <Table.Td>{entry.meaning}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        Press Escape to close.
      </Text>
    </>
  );
}
