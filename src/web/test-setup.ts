// The web test project runs without vitest globals, so Testing Library cannot register its own
// cleanup; do it here, and forget what one test stored so the next starts clean.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubFetch } from './testing/stubFetch';

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
