import { useState } from 'react';
import { useDebouncedCallback, useWindowEvent } from '@mantine/hooks';

/** labels: icon + label; icons: icons only (labels as tooltips); compact: items in a menu. */
export type MenuDensity = 'labels' | 'icons' | 'compact';

/**
 * The menu collapses below 1200 px and again below 900 px (docs/product.md "Constants and limits").
 */
export const MENU_LABELS_MIN_WIDTH = 1200;
export const MENU_ICONS_MIN_WIDTH = 900;
/**
 * The menu re-evaluates 100 ms after the last resize event (docs/product.md
 * "Constants and limits").
 */
export const MENU_RESIZE_DEBOUNCE_MS = 100;

export function menuDensityFor(width: number): MenuDensity {
  if (width >= MENU_LABELS_MIN_WIDTH) return 'labels';
  if (width >= MENU_ICONS_MIN_WIDTH) return 'icons';
  return 'compact';
}

export function useMenuDensity(): MenuDensity {
  // Read synchronously on first render so the menu never flashes the wrong layout.
  const [density, setDensity] = useState(() => menuDensityFor(window.innerWidth));
  const remeasure = useDebouncedCallback(
    () => setDensity(menuDensityFor(window.innerWidth)),
    MENU_RESIZE_DEBOUNCE_MS,
  );
  useWindowEvent('resize', () => remeasure());
  return density;
}
