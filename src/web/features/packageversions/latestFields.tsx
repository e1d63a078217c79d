// Whether a version is its package's latest, or latest limited, version (docs/product.md
// "Entities and fields" and "Upgrade available"): the answer an operator needs before choosing it
// as an upgrade target.
import type { ReactNode } from 'react';
import type { PackageVersion } from '../../../domain';
import type { RecordField } from '../../components/RecordHeader';
import { paths } from '../../components/paths';
import { RecordLink } from '../../components/RecordLink';

function latestVersion(version: PackageVersion): ReactNode {
  if (!version.latest_version_id) return null;
  if (version.latest_version_id === version.version_id) return 'Yes';
  return (
    <>
      {'No, the latest is '}
      <RecordLink to={paths.packageVersion(version.latest_version_id)}>
        {version.latest_version_number ?? version.latest_version_id}
      </RecordLink>
    </>
  );
}

function latestLimitedVersion(version: PackageVersion): ReactNode {
  // A package without a Limited build has no latest limited version at all.
  if (!version.latest_limited_version_id) return 'No (the package has no limited version)';
  if (version.latest_limited_version_id === version.version_id) return 'Yes';
  return (
    <>
      {'No, the latest limited is '}
      <RecordLink to={paths.packageVersion(version.latest_limited_version_id)}>
        {version.latest_limited_version_id}
      </RecordLink>
    </>
  );
}

export function latestFields(version: PackageVersion): RecordField[] {
  return [
    { label: 'Latest Version', value: latestVersion(version) },
    { label: 'Latest Limited Version', value: latestLimitedVersion(version) },
  ];
}
