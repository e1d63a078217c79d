import { Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { MenuItem } from './menuItems';
import classes from './TopMenu.module.css';

interface MenuItemLinkProps {
  item: MenuItem;
  active: boolean;
  /** Below 1200 px only the icon shows; the label moves to a tooltip and the accessible name. */
  showLabel: boolean;
}

export function MenuItemLink({ item, active, showLabel }: MenuItemLinkProps) {
  const ItemIcon = item.icon;
  const link = (
    <Link
      to={item.to}
      className={classes.item}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      aria-label={showLabel ? undefined : item.label}
    >
      <ItemIcon size={18} stroke={1.7} aria-hidden="true" />
      {showLabel && <span>{item.label}</span>}
    </Link>
  );
  if (showLabel) return link;
  return (
    <Tooltip label={item.label} openDelay={300}>
      {link}
    </Tooltip>
  );
}
