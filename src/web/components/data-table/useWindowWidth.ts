// The window width, re-read 100 ms after resizing stops (docs/product.md "Constants and limits"),
// so dragging a window edge does not re-render the saved-filter bar on every pixel.
import { useEffect, useState } from 'react';

export const RESIZE_DEBOUNCE_MS = 100;

export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}
