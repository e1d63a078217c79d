import {
  IconArrowBigUpLines,
  IconBuilding,
  IconLicense,
  IconPackages,
  IconPlugConnected,
  IconSettings,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export interface MenuItem {
  label: string;
  to: string;
  icon: Icon;
  /** First path segments that belong to this item, so detail pages highlight their list's item. */
  sections: readonly string[];
}

/** The top menu's items, in the order of docs/product.md "Top menu". */
export const menuItems: readonly MenuItem[] = [
  {
    label: 'Upgrades',
    to: '/upgrades',
    icon: IconArrowBigUpLines,
    sections: ['upgrades', 'upgrade', 'upgradeitem'],
  },
  {
    label: 'Packages',
    to: '/packages',
    icon: IconPackages,
    sections: ['packages', 'package', 'packageversion'],
  },
  {
    label: 'Org Groups',
    to: '/orggroups',
    icon: IconUsersGroup,
    sections: ['orggroups', 'orggroup'],
  },
  { label: 'Orgs', to: '/orgs', icon: IconBuilding, sections: ['orgs', 'org'] },
  { label: 'Licenses', to: '/licenses', icon: IconLicense, sections: ['licenses', 'license'] },
  {
    label: 'Connected Orgs',
    to: '/packageorgs',
    icon: IconPlugConnected,
    sections: ['packageorgs', 'packageorg'],
  },
  { label: 'Administration', to: '/admin', icon: IconSettings, sections: ['admin'] },
];

export function activeMenuItem(pathname: string): MenuItem | undefined {
  const section = pathname.split('/')[1] ?? '';
  return menuItems.find((item) => item.sections.includes(section));
}
