// How many saved filters get a button of their own (docs/product.md "Common list behaviour"); the
// rest go in the overflow menu.
import type { SavedFilter } from '../../../domain';

/** Window widths (exclusive lower bounds) and the buttons shown above them, widest first. */
const SLOTS_BY_WIDTH: readonly (readonly [number, number])[] = [
  [1600, 7],
  [1200, 5],
  [900, 3],
  [600, 2],
];

/** Buttons for a window width, minus the screen's offset (never below 0). */
export function savedFilterSlots(windowWidth: number, offset = 0): number {
  const slots = SLOTS_BY_WIDTH.find(([width]) => windowWidth > width)?.[1] ?? 0;
  return Math.max(0, slots - offset);
}

/**
 * The filters shown as buttons and the ones in the menu. The selected filter is always a button
 * when there is room for one, so the operator sees which filter is on.
 */
export function splitSavedFilters(
  filters: readonly SavedFilter[],
  slots: number,
  selectedId: number | null,
): { buttons: SavedFilter[]; menu: SavedFilter[] } {
  let buttons = filters.slice(0, slots);
  const selected = filters.find((filter) => filter.id === selectedId);
  if (selected && slots > 0 && !buttons.includes(selected)) {
    buttons = [...buttons.slice(0, slots - 1), selected];
  }
  return { buttons, menu: filters.filter((filter) => !buttons.includes(filter)) };
}
