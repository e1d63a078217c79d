import { Alert, Center, Loader } from '@mantine/core';
import { ApiError } from '../api/client';
import { FAILED_REQUEST, type RecordState } from './useRecord';

interface RecordPlaceholderProps {
  /** What the record is, in lower case ('license'), for the loader's name and the messages. */
  what: string;
  state: Pick<RecordState<unknown>, 'isPending' | 'error' | 'unreadable'>;
}

/**
 * What a detail screen shows instead of its record: a loader, or why there is none. The toast
 * goes away after 10 s; this stays so the page never sits empty without a reason.
 */
export function RecordPlaceholder({ what, state }: RecordPlaceholderProps) {
  if (state.error) {
    const title = state.error instanceof ApiError ? state.error.subject : FAILED_REQUEST;
    return (
      <Alert color="red" title={title || FAILED_REQUEST}>
        {state.error.message}
      </Alert>
    );
  }
  if (state.unreadable) {
    return (
      <Alert color="red" title={FAILED_REQUEST}>
        {`The server sent a ${what} Pushboard cannot read.`}
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label={`Loading ${what}`} />
    </Center>
  );
}
