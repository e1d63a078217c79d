import { Text, Tooltip } from '@mantine/core';
import type { AdminJobError } from '../../../../domain';
import { CollapsibleList } from './CollapsibleList';

/**
 * A job's error lines (docs/product.md "Job messages"): the message, with the error's type as a
 * tooltip. The stack trace itself stays in the server log, where operators find it by the job and
 * the time.
 */
export function JobErrorList({ errors }: { errors: AdminJobError[] }) {
  return (
    <CollapsibleList label="Errors" count={errors.length} color="red">
      {errors.map((error, index) => (
        <Tooltip
          key={`${error.timestamp}-${index}`}
          label={error.type ? `${error.type}: the stack trace is in the server log.` : undefined}
          disabled={!error.type}
          multiline
          maw={640}
          position="bottom-start"
          styles={{
            tooltip: { whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' },
          }}
        >
          <Text size="sm" c="red" data-testid="job-error">
            {error.message}
          </Text>
        </Tooltip>
      ))}
    </CollapsibleList>
  );
}
