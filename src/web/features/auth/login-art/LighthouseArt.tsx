// Drawn for Pushboard: a lighthouse keeping blacklisted orgs clear of the upgrade wave.
import { artStyle } from './artStyle';

export function LighthouseArt() {
  return (
    <svg
      viewBox="0 0 320 220"
      style={artStyle}
      role="img"
      aria-label="A lighthouse shining over the sea at dusk"
    >
      <rect width="320" height="220" rx="16" fill="#0b5cab" />
      <circle cx="64" cy="56" r="22" fill="#ffd166" opacity="0.9" />
      <polygon points="176,64 320,20 320,108" fill="#ffd166" opacity="0.35" />
      <polygon points="156,64 0,26 0,100" fill="#ffd166" opacity="0.2" />
      <polygon points="140,180 150,72 182,72 192,180" fill="#ffffff" />
      <polygon points="145,132 187,132 189,150 143,150" fill="#ea001e" />
      <polygon points="148,96 184,96 185,112 147,112" fill="#ea001e" />
      <rect
        x="146"
        y="52"
        width="40"
        height="22"
        rx="3"
        fill="#ffd166"
        stroke="#3e3e3c"
        strokeWidth="3"
      />
      <path d="M142 52 L166 34 L190 52 Z" fill="#3e3e3c" />
      <rect x="158" y="156" width="16" height="24" rx="8" fill="#3e3e3c" />
      <path d="M110 186 Q130 164 166 176 Q206 164 226 186 Z" fill="#514f4d" />
      <path
        d="M0 186 Q20 178 40 186 T80 186 T120 186 T160 186 T200 186 T240 186 T280 186 T320 186 V220 H0 Z"
        fill="#0176d3"
      />
      <path
        d="M0 200 Q20 192 40 200 T80 200 T120 200 T160 200 T200 200 T240 200 T280 200 T320 200 V220 H0 Z"
        fill="#1b96ff"
      />
      <g transform="translate(252 170)">
        <path d="M-18 14 L18 14 L12 24 L-12 24 Z" fill="#ffffff" />
        <line x1="0" y1="14" x2="0" y2="-10" stroke="#ffffff" strokeWidth="2" />
        <path d="M2 -10 L16 10 L2 10 Z" fill="#aacbff" />
      </g>
    </svg>
  );
}
