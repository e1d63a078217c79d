import { Box, Group, Text } from '@mantine/core';
import type { AdminJobResult } from '../../../../domain';
import { CollapsibleList } from './CollapsibleList';
import { resultOffset } from './jobTimes';

interface JobResultListProps {
  results: AdminJobResult[];
  /** The job's start, from which each result's offset is counted. */
  startTime: string | null;
}

/** What each step of the job reported: when (after the start), what, and what went wrong. */
export function JobResultList({ results, startTime }: JobResultListProps) {
  return (
    <CollapsibleList label="Results" count={results.length}>
      {results.map((result, index) => (
        <Box key={`${result.timestamp}-${index}`} data-testid="job-result">
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Text size="xs" c="dimmed" ff="monospace" data-testid="job-result-offset">
              {resultOffset(startTime, result.timestamp)}
            </Text>
            <Text size="sm">{result.message}</Text>
          </Group>
          {result.error && (
            <Text size="sm" c="red" data-testid="job-result-error">
              {result.error.message}
            </Text>
          )}
          {result.details?.map((detail, detailIndex) => (
            <Text key={detailIndex} size="xs" c="dimmed" pl="xl">
              {detail}
            </Text>
          ))}
        </Box>
      ))}
    </CollapsibleList>
  );
}
