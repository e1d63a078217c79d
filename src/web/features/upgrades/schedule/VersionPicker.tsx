// One package's versions in the Schedule Upgrade modal (docs/product.md "Schedule Upgrade modal"):
// a native multiple select, so cmd/ctrl-click and shift-click pick several versions the way every
// browser does it, with NONE first to leave the package out.
import { Input } from '@mantine/core';
import { NONE_OPTION } from '../../../../domain';
import type { PackageChoice } from './useSchedulableVersions';

interface VersionPickerProps {
  choice: PackageChoice;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

export function versionLabel(version: PackageChoice['versions'][number]): string {
  return [version.version_number, version.status ? `(${version.status})` : '', version.name ?? '']
    .filter(Boolean)
    .join(' ');
}

/** NONE chosen beside versions wins (the operator just picked it); otherwise the versions. */
export function nextSelection(previous: readonly string[], picked: readonly string[]): string[] {
  const noneNew = picked.includes(NONE_OPTION) && !previous.includes(NONE_OPTION);
  if (noneNew) return [NONE_OPTION];
  const versions = picked.filter((id) => id !== NONE_OPTION);
  return versions.length > 0 ? versions : picked.includes(NONE_OPTION) ? [NONE_OPTION] : [];
}

export function VersionPicker({ choice, selected, onChange }: VersionPickerProps) {
  const id = `versions-${choice.packageId}`;
  const value = selected.length === 0 ? [NONE_OPTION] : [...selected];
  return (
    <Input.Wrapper
      label={choice.packageName}
      description={choice.tier === null ? undefined : `Tier ${choice.tier}`}
      labelProps={{ htmlFor: id }}
    >
      <Input
        component="select"
        id={id}
        aria-label={choice.packageName}
        multiple
        size="sm"
        value={value}
        // A fixed box that scrolls: a native listbox draws its options past an auto height.
        styles={{ input: { height: 120, overflowY: 'auto', paddingBlock: 4 } }}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) =>
          onChange(
            nextSelection(
              value,
              [...event.currentTarget.selectedOptions].map((option) => option.value),
            ),
          )
        }
      >
        <option value={NONE_OPTION}>NONE</option>
        {choice.versions.map((version) => (
          <option key={version.version_id} value={version.version_id}>
            {versionLabel(version)}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
}
