// The web test project runs without vitest globals, so Testing Library cannot register its own
// cleanup; do it here, and forget what one test stored so the next starts clean.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubFetch } from './testing/stubFetch';

// findBy… and waitFor give up after 1 s by default: on the 2-core CI machine, with every test
// project running at once, a screen that renders in 50 ms alone sometimes takes longer (seen
// failing there, passing alone). They return as soon as the condition holds, so this costs a
// passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

// No component test reaches the network: a call no test stubbed answers 404, as an unknown route
// would, instead of a real request to happy-dom's localhost (seen as ECONNREFUSED noise in CI).
beforeEach(() => {
  stubFetch({});
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});
