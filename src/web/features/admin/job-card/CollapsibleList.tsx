import { useId, type ReactNode } from 'react';
import { Box, Button, Collapse, Stack, type MantineColor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';

interface CollapsibleListProps {
  label: string;
  count: number;
  color?: MantineColor;
  children: ReactNode;
}

/**
 * A job's Errors or Results (docs/product.md "Administration: Background Jobs and Audit Log"):
 * closed by default so a long history stays scannable.
 */
export function CollapsibleList({ label, count, color = 'gray', children }: CollapsibleListProps) {
  const [opened, { toggle }] = useDisclosure(false);
  const contentId = useId();
  return (
    <Box>
      <Button
        variant="subtle"
        size="compact-sm"
        color={color}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={contentId}
        leftSection={
          <IconChevronRight
            size={14}
            aria-hidden="true"
            style={{ transform: opened ? 'rotate(90deg)' : undefined }}
          />
        }
      >
        {`${label} (${count})`}
      </Button>
      {/* Unmounted while closed: a job can carry hundreds of lines nobody is reading. */}
      <Collapse expanded={opened} keepMounted={false} id={contentId}>
        <Stack gap={6} pl="lg" pt={4}>
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}
