import type { ComponentType } from 'react';
import { CoffeeAndClockArt } from './CoffeeAndClockArt';
import { LighthouseArt } from './LighthouseArt';
import { PackageConveyorArt } from './PackageConveyorArt';
import { RocketLaunchArt } from './RocketLaunchArt';

/** One picture and the line shown with it on the sign-in page (docs/product.md "Sign-in page"). */
export interface LoginArtwork {
  Picture: ComponentType;
  message: string;
}

export const loginArtworks: readonly LoginArtwork[] = [
  {
    Picture: RocketLaunchArt,
    message: 'Thousands of orgs, one push. Let’s make it a smooth one.',
  },
  {
    Picture: PackageConveyorArt,
    message: 'Every package version finds its way to the orgs that need it.',
  },
  {
    Picture: LighthouseArt,
    message: 'Blacklisted orgs sit this one out. Everyone else is ready when you are.',
  },
  {
    Picture: CoffeeAndClockArt,
    message: 'Schedule it fifteen minutes out, then finish your coffee.',
  },
];

export function pickLoginArtwork(random: () => number = Math.random): LoginArtwork {
  const index = Math.min(Math.floor(random() * loginArtworks.length), loginArtworks.length - 1);
  // The list is a non-empty literal, so the index always exists.
  return loginArtworks[index] ?? (loginArtworks[0] as LoginArtwork);
}
