import { ActionIcon, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { menuItems, type MenuItem } from './menuItems';

/** Below 900 px the items no longer fit as icons either; they move into a menu behind a button. */
export function CompactMenu({ activeItem }: { activeItem: MenuItem | undefined }) {
  return (
    <Menu position="bottom-start" shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Open menu">
          <IconMenu2 size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {menuItems.map((item) => {
          const ItemIcon = item.icon;
          const active = item === activeItem;
          return (
            <Menu.Item
              key={item.to}
              component={Link}
              to={item.to}
              leftSection={<ItemIcon size={16} aria-hidden="true" />}
              color={active ? 'brand' : undefined}
              fw={active ? 600 : undefined}
              aria-current={active ? 'page' : undefined}
            >
              {item.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
