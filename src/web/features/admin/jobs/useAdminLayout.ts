import { useState } from 'react';
import { useDebouncedCallback, useWindowEvent } from '@mantine/hooks';

/** two-columns: running work beside history; one-column: the four sections stacked. */
export type AdminLayout = 'two-columns' | 'one-column';

/** The admin layout changes below 1000 px (docs/product.md "Constants and limits"). */
export const ADMIN_TWO_COLUMNS_MIN_WIDTH = 1000;
/**
 * The admin page re-evaluates its layout 200 ms after the last resize event (docs/product.md
 * "Constants and limits").
 */
export const ADMIN_RESIZE_DEBOUNCE_MS = 200;

export function adminLayoutFor(width: number): AdminLayout {
  return width >= ADMIN_TWO_COLUMNS_MIN_WIDTH ? 'two-columns' : 'one-column';
}

// Computed in JS rather than with a CSS media query so the 200 ms debounce holds and the section
// order can differ per layout.
export function useAdminLayout(): AdminLayout {
  // Read synchronously on first render so the page never flashes the wrong layout.
  const [layout, setLayout] = useState(() => adminLayoutFor(window.innerWidth));
  const remeasure = useDebouncedCallback(
    () => setLayout(adminLayoutFor(window.innerWidth)),
    ADMIN_RESIZE_DEBOUNCE_MS,
  );
  useWindowEvent('resize', () => remeasure());
  return layout;
}
