import type { CSSProperties } from 'react';

/** Scales with its panel; the clip rounds the corners, which shapes drawn to the edge would square off. */
export const artStyle: CSSProperties = {
  display: 'block',
  width: '100%',
  height: 'auto',
  clipPath: 'inset(0 round 12px)',
};
