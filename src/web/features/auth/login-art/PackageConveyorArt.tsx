// Drawn for Pushboard: package versions riding a conveyor towards a customer org.
import { artStyle } from './artStyle';

export function PackageConveyorArt() {
  return (
    <svg
      viewBox="0 0 320 220"
      style={artStyle}
      role="img"
      aria-label="Packages on a conveyor belt heading to an office building"
    >
      <rect width="320" height="220" rx="16" fill="#eef4ff" />
      <rect x="0" y="176" width="320" height="44" fill="#d8e6fe" />
      <g>
        <rect x="226" y="58" width="70" height="122" rx="4" fill="#0b5cab" />
        <rect x="244" y="40" width="34" height="20" rx="3" fill="#014486" />
        <g fill="#aacbff">
          <rect x="236" y="72" width="14" height="12" rx="2" />
          <rect x="254" y="72" width="14" height="12" rx="2" />
          <rect x="272" y="72" width="14" height="12" rx="2" />
          <rect x="236" y="94" width="14" height="12" rx="2" />
          <rect x="254" y="94" width="14" height="12" rx="2" fill="#ffd166" />
          <rect x="272" y="94" width="14" height="12" rx="2" />
          <rect x="236" y="116" width="14" height="12" rx="2" fill="#ffd166" />
          <rect x="254" y="116" width="14" height="12" rx="2" />
          <rect x="272" y="116" width="14" height="12" rx="2" />
        </g>
        <rect x="252" y="146" width="18" height="34" rx="2" fill="#032d60" />
      </g>
      <rect x="18" y="150" width="196" height="14" rx="7" fill="#3e3e3c" />
      <g fill="#939393">
        <circle cx="32" cy="157" r="5" />
        <circle cx="72" cy="157" r="5" />
        <circle cx="112" cy="157" r="5" />
        <circle cx="152" cy="157" r="5" />
        <circle cx="192" cy="157" r="5" />
      </g>
      <rect x="40" y="164" width="8" height="16" fill="#706e6b" />
      <rect x="180" y="164" width="8" height="16" fill="#706e6b" />
      <g stroke="#0b5cab" strokeWidth="3">
        <rect x="30" y="110" width="40" height="40" rx="3" fill="#fe9339" />
        <rect x="86" y="118" width="32" height="32" rx="3" fill="#1b96ff" />
        <rect x="134" y="104" width="46" height="46" rx="3" fill="#ffd166" />
      </g>
      <g stroke="#ffffff" strokeWidth="4">
        <line x1="50" y1="110" x2="50" y2="150" />
        <line x1="102" y1="118" x2="102" y2="150" />
        <line x1="157" y1="104" x2="157" y2="150" />
      </g>
      <path d="M190 122 L212 122 L212 114 L226 128 L212 142 L212 134 L190 134 Z" fill="#0176d3" />
    </svg>
  );
}
