import { Badge, Group, Title } from '@mantine/core';

const count = new Intl.NumberFormat('en-US');

interface ListTitleProps {
  title: string;
  /** How many records the list holds; absent while unknown. */
  total?: number;
  /** The server counted only up to a limit and estimated the rest. */
  estimate?: boolean;
}

/** A list screen's heading with its record count beside it. */
export function ListTitle({ title, total, estimate = false }: ListTitleProps) {
  return (
    <Group gap="sm" mb="md" align="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      {total !== undefined && (
        <Badge size="lg" variant="light" data-testid="list-total">
          {`${estimate ? 'about ' : ''}${count.format(total)}`}
        </Badge>
      )}
    </Group>
  );
}
