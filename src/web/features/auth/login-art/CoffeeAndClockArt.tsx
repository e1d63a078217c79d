// Drawn for Pushboard: a coffee break while a scheduled upgrade counts down.
import { artStyle } from './artStyle';

export function CoffeeAndClockArt() {
  return (
    <svg
      viewBox="0 0 320 220"
      style={artStyle}
      role="img"
      aria-label="A cup of coffee next to a clock"
    >
      <rect width="320" height="220" rx="16" fill="#fef1ee" />
      <rect x="0" y="172" width="320" height="48" fill="#fdc6bc" />
      <g transform="translate(222 96)">
        <circle r="62" fill="#ffffff" stroke="#0176d3" strokeWidth="8" />
        <g stroke="#aacbff" strokeWidth="4" strokeLinecap="round">
          <line x1="0" y1="-50" x2="0" y2="-42" />
          <line x1="50" y1="0" x2="42" y2="0" />
          <line x1="0" y1="50" x2="0" y2="42" />
          <line x1="-50" y1="0" x2="-42" y2="0" />
        </g>
        <path d="M0 0 L0 -48 A48 48 0 0 1 48 0 Z" fill="#d8e6fe" />
        <line
          x1="0"
          y1="0"
          x2="0"
          y2="-40"
          stroke="#032d60"
          strokeWidth="5"
          strokeLinecap="round"
        />
        <line x1="0" y1="0" x2="36" y2="0" stroke="#0176d3" strokeWidth="4" strokeLinecap="round" />
        <circle r="6" fill="#032d60" />
      </g>
      <g transform="translate(86 120)">
        <path
          d="M-44 -20 H36 V30 Q36 56 10 56 H-18 Q-44 56 -44 30 Z"
          fill="#0b5cab"
          stroke="#032d60"
          strokeWidth="4"
        />
        <path d="M36 -6 Q62 -6 62 16 Q62 38 34 38" fill="none" stroke="#032d60" strokeWidth="8" />
        <ellipse cx="-4" cy="-20" rx="40" ry="7" fill="#514f4d" />
        <ellipse cx="-4" cy="62" rx="62" ry="8" fill="#ffffff" stroke="#c9c7c5" strokeWidth="3" />
        <g fill="none" stroke="#939393" strokeWidth="4" strokeLinecap="round">
          <path d="M-22 -34 Q-30 -46 -22 -58 Q-14 -70 -22 -82" />
          <path d="M-2 -34 Q-10 -46 -2 -58 Q6 -70 -2 -82" />
          <path d="M18 -34 Q10 -46 18 -58 Q26 -70 18 -82" />
        </g>
      </g>
    </svg>
  );
}
