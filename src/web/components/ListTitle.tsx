import { Badge, Group, Title } from '@mantine/core';
import { numberWord } from '../../domain';

const count = new Intl.NumberFormat('en-US');

interface ListTitleProps {
  title: string;
  /** How many records the list holds; absent while unknown. */
  total?: number;
  /** The server counted only up to a limit and estimated the rest. */
  estimate?: boolean;
  /**
   * Spell the count in words ('six', '10+'; docs/product.md "Constants and limits"), the exact
   * count on hover.
   */
  inWords?: boolean;
}

/** A list screen's heading with its record count beside it. */
export function ListTitle({ title, total, estimate = false, inWords = false }: ListTitleProps) {
  return (
    <Group gap="sm" mb="md" align="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      {total !== undefined && (
        <Badge
          size="lg"
          variant="light"
          data-testid="list-total"
          title={inWords ? count.format(total) : undefined}
        >
          {inWords ? numberWord(total) : `${estimate ? 'about ' : ''}${count.format(total)}`}
        </Badge>
      )}
    </Group>
  );
}
