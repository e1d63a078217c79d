// A chart with its data as a table (docs/product.md "Charts"): the table is always in the page,
// visually hidden for screen readers while the chart shows, and shown instead of the chart with
// "Show as table". Nothing has a fixed width, so a chart follows its container on screen and in
// print.
import type { ReactNode } from 'react';
import { Group, Paper, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import '@mantine/charts/styles.css';
import classes from './ChartFigure.module.css';

export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

interface ChartFigureProps {
  /** Stable id: the remembered toggle and data-testid="chart-<id>". */
  id: string;
  title: string;
  /** One line under the title: what is counted, and as of when. */
  caption?: ReactNode;
  table: ChartTable;
  /** Shown when there is nothing to draw. */
  empty?: string;
  children: ReactNode;
}

function DataTableOf({ title, table }: { title: string; table: ChartTable }) {
  return (
    <Table striped withTableBorder fz="sm" className={classes.table}>
      <caption className={classes.caption}>{title}</caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, i) => (
          <Table.Tr key={i}>
            {row.map((cell, j) => (
              <Table.Td key={j}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ChartFigure({ id, title, caption, table, empty, children }: ChartFigureProps) {
  const [asTable, setAsTable] = useLocalStorage({
    key: `pushboard:chart-table:${id}`,
    defaultValue: false,
  });
  const nothing = table.rows.length === 0;
  return (
    <Paper withBorder p="md" className={classes.figure} data-testid={`chart-${id}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <div>
          <Title order={3} size="h5">
            {title}
          </Title>
          {caption && (
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          )}
        </div>
        {!nothing && (
          <Switch
            size="xs"
            label="Show as table"
            checked={asTable}
            onChange={(event) => setAsTable(event.currentTarget.checked)}
            className={classes.toggle}
          />
        )}
      </Group>
      {nothing ? (
        <Text size="sm" c="dimmed">
          {empty ?? 'Nothing to show yet.'}
        </Text>
      ) : asTable ? (
        <DataTableOf title={title} table={table} />
      ) : (
        <>
          <div className={classes.chart} aria-hidden>
            {children}
          </div>
          <VisuallyHidden className={classes.hiddenTable}>
            <DataTableOf title={title} table={table} />
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
