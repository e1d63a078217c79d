// Our own mark (the same drawing as public/favicon.svg): an arrow pushing up out of a tile.
export function PushboardLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0176D3" />
      <path d="M16 6 L25 15 H19.5 V26 H12.5 V15 H7 Z" fill="#FFFFFF" />
    </svg>
  );
}
