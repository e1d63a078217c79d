import { canCancelAdminJob, type Actor } from '../../../../domain';
import { useIsReadOnly } from '../../../app/current-user/useCurrentUser';
import type { AdminJob } from '../../../../domain';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { useCancelJob } from './useCancelJob';

// The domain rule answers for a user and a job together. Whether the button is offered depends on
// the job alone (docs/product.md "Background job states"), whether it is enabled on the user
// (docs/product.md "Roles and permissions"), so the job part is asked for someone who may change
// things, and the user part comes from useIsReadOnly.
const MAY_CHANGE: Actor = { read_only: false };

/** Only waiting or running work can be stopped; finished jobs in the history cannot. */
export function isCancelOffered(job: AdminJob): boolean {
  if (job.status !== 'Running' && job.status !== 'Queued') return false;
  return canCancelAdminJob(MAY_CHANGE, job).allowed;
}

export function CancelJobButton({ job }: { job: AdminJob }) {
  const readOnly = useIsReadOnly();
  const cancelJob = useCancelJob();
  if (!isCancelOffered(job)) return null;
  return (
    <ChangeActionButton
      readOnly={readOnly}
      size="xs"
      color="red"
      variant="light"
      loading={cancelJob.isPending}
      onClick={() => cancelJob.mutate([job.id])}
    >
      Cancel Job
    </ChangeActionButton>
  );
}
