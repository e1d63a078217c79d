// License detail (docs/product.md "License detail"): who holds the license, for which version,
// until when. A failed read raises 'Failed Request', and clicking it goes back in history
// (docs/product.md "Notices").
import { Divider } from '@mantine/core';
import { useParams } from 'react-router';
import { DOES_NOT_EXPIRE, licenseEndpoints, type License } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { FieldGrid, RecordHeader, type RecordField } from '../../components/RecordHeader';
import { Screen } from '../../components/Screen';
import { localDateTime } from '../../components/dateTime';
import { paths } from '../../components/paths';
import { RecordLink } from '../../components/RecordLink';
import { RecordPlaceholder } from '../../components/RecordPlaceholder';
import { useRecord } from '../../components/useRecord';

const PARENT = { label: 'Licenses', to: '/licenses' };

function headerFields(license: License): RecordField[] {
  return [
    { label: 'Version Name', value: license.version_name },
    { label: 'Version Number', value: license.version_number },
    { label: 'Status', value: license.status },
    { label: 'Date Installed', value: localDateTime(license.install_date) || null },
  ];
}

function bodyFields(license: License): RecordField[] {
  const version = paths.packageVersion(license.version_id);
  return [
    { label: 'Account', value: license.account_name },
    { label: 'Used Licenses', value: license.used_license_count },
    {
      label: 'Org ID',
      value: license.org_id && (
        <RecordLink to={paths.org(license.org_id)}>{license.org_id}</RecordLink>
      ),
    },
    { label: 'Instance', value: license.instance },
    {
      label: 'Package',
      value: license.package_name && (
        <RecordLink to={paths.package(license.package_id)}>{license.package_name}</RecordLink>
      ),
    },
    {
      label: 'Version Name',
      value: license.version_name && <RecordLink to={version}>{license.version_name}</RecordLink>,
    },
    {
      label: 'Version Number',
      value: license.version_number && (
        <RecordLink to={version}>{license.version_number}</RecordLink>
      ),
    },
    { label: 'Expiration', value: license.expiration ?? DOES_NOT_EXPIRE },
  ];
}

export function LicenseDetailScreen() {
  const { licenseId = '' } = useParams<'licenseId'>();
  const state = useRecord(
    licenseEndpoints.get,
    { params: { licenseId } },
    { queryKey: [...queryKeys.license, licenseId] },
  );
  const license = state.record;
  return (
    <Screen name="license" title={license?.name ?? 'License'}>
      {license ? (
        <RecordHeader
          kind="License"
          title={license.name ?? license.sfid}
          parent={PARENT}
          fields={headerFields(license)}
        >
          <Divider my="md" />
          <FieldGrid fields={bodyFields(license)} />
        </RecordHeader>
      ) : (
        <>
          <RecordHeader kind="License" title={licenseId} parent={PARENT} fields={[]} />
          <RecordPlaceholder what="license" state={state} />
        </>
      )}
    </Screen>
  );
}
