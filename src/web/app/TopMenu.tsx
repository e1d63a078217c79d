import { Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PushboardLogo } from '../components/PushboardLogo';
import { CompactMenu } from './CompactMenu';
import { GlobalSearch } from './GlobalSearch';
import { LogoutLink } from './LogoutLink';
import { MenuItemLink } from './MenuItemLink';
import { activeMenuItem, menuItems } from './menuItems';
import classes from './TopMenu.module.css';
import { useMenuDensity } from './useMenuDensity';

/** The header of every app screen (docs/product.md "Top menu"). */
export function TopMenu() {
  const density = useMenuDensity();
  const { pathname } = useLocation();
  const activeItem = activeMenuItem(pathname);

  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap" justify="space-between" data-density={density}>
      <Group h="100%" gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {density === 'compact' && <CompactMenu activeItem={activeItem} />}
        <Link to="/" className={classes.brand} aria-label="Pushboard home">
          <PushboardLogo />
          {density !== 'compact' && <span className={classes.brandName}>Pushboard</span>}
        </Link>
        {density === 'compact' ? (
          activeItem && (
            <Text fw={600} size="sm" truncate>
              {activeItem.label}
            </Text>
          )
        ) : (
          <nav aria-label="Main" className={classes.nav}>
            {menuItems.map((item) => (
              <MenuItemLink
                key={item.to}
                item={item}
                active={item === activeItem}
                showLabel={density === 'labels'}
              />
            ))}
          </nav>
        )}
      </Group>
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <GlobalSearch compact={density === 'compact'} />
        <LogoutLink />
      </Group>
    </Group>
  );
}
