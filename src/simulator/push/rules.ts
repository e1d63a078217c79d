// The push upgrade API's rules (Object Reference: PackagePushRequest, PackagePushJob): a request
// targets a released, non-beta, non-deprecated version of this org's package and starts Created;
// Status → Pending schedules it (only from Created, with at least one job); Status → Canceled aborts
// it (only from Created or Pending) and cancels its jobs. A job needs an org that has the package
// installed, is active, allows push upgrades, runs an older version, and is not already in the request.
import { isIdLike, to18 } from '../data/ids';
import { modifiedStamp } from '../store/family';
import { CROSS_REFERENCE, SaveError } from '../store/save-error';
import type { Row } from '../store/table';
import type { RulesRegistry, WriteContext } from '../store/writes';
import type { PackagingContext, PushDirectory } from './directory';

export interface PushActivation {
  activate(context: PackagingContext, requestId: string, activatedMs: number): void;
}

const invalid = (message: string, fields: string[] = []): SaveError =>
  new SaveError('INVALID_OPERATION', message, fields);

export function pushRules(directory: PushDirectory, engine: PushActivation): RulesRegistry {
  const contextOf = (ctx: WriteContext): PackagingContext => {
    const context = directory.forOrg(ctx.org);
    if (!context)
      throw invalid('The push upgrade API is available only in the org that owns the package.');
    return context;
  };

  const checkTargetVersion = (context: PackagingContext, versionId: unknown): void => {
    const version = context.version(versionId);
    if (!version) throw CROSS_REFERENCE('PackageVersionId');
    if (version.beta) {
      throw new SaveError(
        'FIELD_INTEGRITY_EXCEPTION',
        'The package version must be a released version: beta package versions can’t be pushed.',
        ['PackageVersionId'],
      );
    }
    if (version.deprecated) {
      throw new SaveError(
        'FIELD_INTEGRITY_EXCEPTION',
        'The package version is deprecated and can’t be pushed.',
        ['PackageVersionId'],
      );
    }
  };

  const jobsOf = (context: PackagingContext, requestId: string): Row[] =>
    context.jobs.lookup('PackagePushRequestId', [requestId]) ?? [];

  return {
    PackagePushRequest: {
      beforeCreate(ctx, values) {
        checkTargetVersion(contextOf(ctx), values.PackageVersionId);
        if (values.Status !== null && values.Status !== 'Created') {
          throw invalid('A new push request must have the status Created.', ['Status']);
        }
        Object.assign(values, {
          Status: 'Created',
          StartTime: null,
          EndTime: null,
          DurationSeconds: null,
        });
      },
      beforeUpdate(ctx, existing, changes) {
        const context = contextOf(ctx);
        const from = String(existing.Status);
        if ('PackageVersionId' in changes) {
          if (from !== 'Created')
            throw invalid(
              `Can’t change the package version of a push request with status '${from}'.`,
            );
          checkTargetVersion(context, changes.PackageVersionId);
        }
        if ('ScheduledStartTime' in changes && from !== 'Created' && from !== 'Pending') {
          throw invalid(`Can’t reschedule a push request with status '${from}'.`, [
            'ScheduledStartTime',
          ]);
        }
        const to = changes.Status;
        if (to === undefined || to === from) return;
        if (to === 'Pending') {
          if (from !== 'Created')
            throw invalid(
              `Can’t schedule a push request with status '${from}'. Only push requests with a status of 'Created' can be scheduled.`,
              ['Status'],
            );
          if (jobsOf(context, String(existing.Id)).length === 0) {
            throw invalid(
              'This push request has no push jobs. Add at least one PackagePushJob before you schedule it.',
              ['Status'],
            );
          }
          return;
        }
        if (to === 'Canceled') {
          if (from !== 'Created' && from !== 'Pending') {
            throw invalid(
              `Can’t abort package push upgrade request with status '${from}'. Only push upgrade requests with a status of 'Created' or 'Pending' can be cancelled.`,
              ['Status'],
            );
          }
          return;
        }
        throw invalid(
          `Can’t change the status of a push request from '${from}' to '${JSON.stringify(to)}'. Set it to 'Pending' to schedule the push or to 'Canceled' to abort it.`,
          ['Status'],
        );
      },
      afterUpdate(ctx, before, after) {
        if (before.Status === after.Status) return;
        const context = contextOf(ctx);
        const requestId = String(after.Id);
        const next = after.Status === 'Pending' ? 'Pending' : 'Canceled';
        for (const job of jobsOf(context, requestId)) {
          if (job.Status === 'Created' || (next === 'Canceled' && job.Status === 'Pending')) {
            const index = context.jobs.indexOfId(String(job.Id));
            ctx.tx.put(context.jobs, index, {
              ...job,
              Status: next,
              ...modifiedStamp(ctx.now, ctx.user.id),
            });
          }
        }
        if (next === 'Pending') ctx.tx.onCommit(() => engine.activate(context, requestId, ctx.now));
      },
    },
    PackagePushJob: {
      beforeCreate(ctx, values) {
        const context = contextOf(ctx);
        const request = context.requests.byId(String(values.PackagePushRequestId));
        if (!request) throw CROSS_REFERENCE('PackagePushRequestId');
        if (request.Status !== 'Created') {
          throw invalid(
            `Push jobs can be added only to a push request with status 'Created'; this one is '${String(request.Status)}'.`,
            ['PackagePushRequestId'],
          );
        }
        const key = String(values.SubscriberOrganizationKey);
        const orgKey = isIdLike(key) && key.startsWith('00D') ? to18(key) : undefined;
        if (!orgKey)
          throw invalid(`Invalid subscriber organization key: ${key}`, [
            'SubscriberOrganizationKey',
          ]);
        const subscriber = context.subscriber(context.orgIndex(orgKey));
        if (!subscriber)
          throw invalid(`The package isn’t installed in the subscriber organization ${key}.`, [
            'SubscriberOrganizationKey',
          ]);
        if (subscriber.OrgStatus === 'Inactive') {
          throw invalid(
            `The subscriber organization ${key} is inactive and can’t receive push upgrades.`,
            ['SubscriberOrganizationKey'],
          );
        }
        if (subscriber.HasRestrictionEnabled === true) {
          throw invalid(
            `The subscriber organization ${key} has blocked push upgrades of this package.`,
            ['SubscriberOrganizationKey'],
          );
        }
        const installed = context.version(subscriber.MetadataPackageVersionId);
        const target = context.version(request.PackageVersionId);
        if (installed && target && context.isAtOrAbove(installed, target)) {
          throw invalid(
            `The subscriber organization ${key} already has version ${installed.number} of this package, which is the same as or later than the push upgrade version ${target.number}.`,
            ['SubscriberOrganizationKey'],
          );
        }
        // Jobs of this org (few) rather than jobs of this request (up to every subscriber).
        const duplicate = (context.jobs.lookup('SubscriberOrganizationKey', [orgKey]) ?? []).find(
          (j) => j.PackagePushRequestId === request.Id,
        );
        if (duplicate) {
          throw new SaveError(
            'DUPLICATE_VALUE',
            `duplicate value found: SubscriberOrganizationKey duplicates value on record with id: ${String(duplicate.Id)}`,
            ['SubscriberOrganizationKey'],
          );
        }
        Object.assign(values, {
          SubscriberOrganizationKey: orgKey,
          Status: 'Created',
          StartTime: null,
          EndTime: null,
          DurationSeconds: null,
        });
      },
    },
  };
}
