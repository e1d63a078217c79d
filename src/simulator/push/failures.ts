// What a failed push job leaves behind in PackagePushError: the kinds of failure operators really
// see (subscriber Apex tests failing, deploy conflicts with subscriber customisations, missing
// features, limits, row locks), written in the platform's words.
import type { PushErrorType } from '../store/objects/packaging';
import type { Rng } from '../data/rng';

export interface PushFailure {
  readonly ErrorType: PushErrorType;
  readonly ErrorSeverity: 'Error' | 'Warning';
  readonly ErrorTitle: string;
  readonly ErrorMessage: string;
  readonly ErrorDetails: string;
}

type FailureMaker = (ns: string, rng: Rng) => PushFailure[];

const capitalised = (ns: string): string => ns.charAt(0).toUpperCase() + ns.slice(1);

const FAILURES: readonly (readonly [FailureMaker, number])[] = [
  [
    (ns, rng) => {
      const tests = rng.int(1, 2);
      return Array.from({ length: tests }, (_, i) => {
        const cls = rng.pick([
          'OpportunityTriggerTest',
          'AccountServiceTest',
          'CaseRoutingTest',
          'QuoteSyncTest',
        ]);
        const method = rng.pick([
          'testBulkUpdate',
          'testInsertWithDefaults',
          'testRecalculate',
          'testSharing',
        ]);
        const line = rng.int(24, 310);
        return {
          ErrorType: 'ApexTestFailure',
          ErrorSeverity: 'Error',
          ErrorTitle: 'Apex Test Failure',
          ErrorMessage: `${cls}.${method}: System.DmlException: Insert failed. First exception on row 0; first error: FIELD_CUSTOM_VALIDATION_EXCEPTION, ${i === 0 ? 'Region is required for customer accounts' : 'Close Date cannot be in the past'}: []`,
          ErrorDetails: `Class.${cls}.${method}: line ${line}, column 1\nClass.${ns}.${capitalised(ns)}TestData.create: line ${rng.int(40, 180)}, column 1`,
        };
      });
    },
    5,
  ],
  [
    (ns, rng) => [
      {
        ErrorType: 'DeployError',
        ErrorSeverity: 'Error',
        ErrorTitle: 'Package component failed to deploy',
        ErrorMessage: `${ns}__Invoice__c.${ns}__Status__c: Picklist value '${rng.pick(['Archived', 'On Hold', 'Disputed'])}' conflicts with an existing value in the subscriber org`,
        ErrorDetails: `Component: CustomField ${ns}__Invoice__c.${ns}__Status__c\nProblem: duplicate value found in picklist`,
      },
    ],
    3,
  ],
  [
    (ns) => [
      {
        ErrorType: 'DeployError',
        ErrorSeverity: 'Error',
        ErrorTitle: 'Apex compile error',
        ErrorMessage: `Dependent class is invalid and needs recompilation: Class ${ns}.InvoiceService : Variable does not exist: Account.Billing_Region__c`,
        ErrorDetails: `Component: ApexClass ${ns}.InvoiceService\nThe class references a subscriber field that was deleted or renamed.`,
      },
    ],
    2,
  ],
  [
    () => [
      {
        ErrorType: 'FeatureMissing',
        ErrorSeverity: 'Error',
        ErrorTitle: 'Missing organization feature',
        ErrorMessage:
          'Missing feature: Multi-Currency. This package requires Multi-Currency, which isn’t enabled in this org.',
        ErrorDetails:
          'Feature: MultiCurrency\nEnable the feature in the subscriber org or remove the dependency from the package.',
      },
    ],
    1,
  ],
  [
    (ns) => [
      {
        ErrorType: 'LimitExceeded',
        ErrorSeverity: 'Error',
        ErrorTitle: 'Organization limit exceeded',
        ErrorMessage: `Unable to add custom field ${ns}__Health_Score__c to Account: the maximum number of custom fields (800) for this object has been reached.`,
        ErrorDetails:
          'Limit: CustomFieldsPerObject (Account)\nDelete unused custom fields in the subscriber org, then retry the upgrade.',
      },
    ],
    1,
  ],
  [
    (ns, rng) => [
      {
        ErrorType: 'LockingFailure',
        ErrorSeverity: 'Error',
        ErrorTitle: 'Record lock',
        ErrorMessage: `UNABLE_TO_LOCK_ROW: unable to obtain exclusive access to this record or ${rng.int(2, 200)} records`,
        ErrorDetails: `Post-install script ${ns}.InstallHandler could not update ${ns}__Settings__c while a data load was running.`,
      },
    ],
    1,
  ],
  [
    (_ns, rng) => [
      {
        ErrorType: 'UnclassifiedError',
        ErrorSeverity: 'Error',
        ErrorTitle: 'Unexpected error',
        ErrorMessage: `An unexpected error occurred. Please include this ErrorId if you contact support: ${rng.int(100_000_000, 2_000_000_000)}-${rng.int(10_000, 99_999)} (${-rng.int(100_000_000, 2_000_000_000)})`,
        ErrorDetails: '',
      },
    ],
    1,
  ],
];

/** The error rows of one failed job (deterministic for a given generator). */
export function failureFor(namespace: string, rng: Rng): PushFailure[] {
  return rng.weighted(FAILURES)(namespace, rng);
}

/** The error a job gets when its org became ineligible between job creation and the push. */
export function ineligibleFailure(message: string): PushFailure {
  return {
    ErrorType: 'IneligibleUpgrade',
    ErrorSeverity: 'Error',
    ErrorTitle: 'Ineligible for upgrade',
    ErrorMessage: message,
    ErrorDetails: '',
  };
}
