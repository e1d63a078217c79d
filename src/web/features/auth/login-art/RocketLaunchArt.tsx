// Drawn for Pushboard: an upgrade rocket climbing out of the clouds.
import { artStyle } from './artStyle';

export function RocketLaunchArt() {
  return (
    <svg
      viewBox="0 0 320 220"
      style={artStyle}
      role="img"
      aria-label="A rocket climbing above the clouds"
    >
      <rect width="320" height="220" rx="16" fill="#032d60" />
      <g fill="#aacbff">
        <circle cx="36" cy="34" r="2.5" />
        <circle cx="92" cy="70" r="1.8" />
        <circle cx="268" cy="40" r="2.5" />
        <circle cx="290" cy="104" r="1.8" />
        <circle cx="52" cy="118" r="1.8" />
        <circle cx="222" cy="22" r="1.5" />
      </g>
      <circle cx="262" cy="62" r="18" fill="#78b0fd" opacity="0.6" />
      <g transform="translate(160 106) rotate(18)">
        <path d="M-12 34 Q0 78 12 34 Z" fill="#fe9339" />
        <path d="M-6 34 Q0 58 6 34 Z" fill="#ffd166" />
        <path d="M-20 8 L-38 40 L-16 32 Z" fill="#1b96ff" />
        <path d="M20 8 L38 40 L16 32 Z" fill="#1b96ff" />
        <path
          d="M0 -72 C22 -52 26 -12 20 34 L-20 34 C-26 -12 -22 -52 0 -72 Z"
          fill="#ffffff"
          stroke="#0176d3"
          strokeWidth="4"
        />
        <circle cx="0" cy="-22" r="10" fill="#57a3fd" stroke="#0176d3" strokeWidth="4" />
        <path d="M-4 34 L-4 10 L4 10 L4 34 Z" fill="#0176d3" />
      </g>
      <g fill="#ffffff">
        <ellipse cx="60" cy="204" rx="74" ry="30" />
        <ellipse cx="160" cy="214" rx="70" ry="28" />
        <ellipse cx="262" cy="206" rx="82" ry="32" />
      </g>
      <g fill="#d8e6fe">
        <ellipse cx="110" cy="218" rx="50" ry="14" />
        <ellipse cx="226" cy="220" rx="56" ry="14" />
      </g>
    </svg>
  );
}
