// The entry matches the address to a screen without the router (main.tsx), to start its download
// early: it must find the screen the router will show, and nothing for an address the router
// sends to Not Found.
import { describe, expect, it } from 'vitest';
import { LAYOUT_SCREENS, matchesRoute, screenAt, SIGN_IN_SCREENS } from './screens';

const at = (pathname: string) => screenAt(pathname)?.path;

describe('screenAt', () => {
  it.each([
    ['/', null],
    ['/orgs', 'orgs'],
    ['/orgs/', 'orgs'],
    ['/Orgs', 'orgs'],
    ['/org/00D000000000001AAA', 'org/:orgId'],
    ['/orggroup/7', 'orggroup/:orgGroupId'],
    ['/packageversion/04t000000000001AAA', 'packageversion/:versionId'],
    ['/login', 'login'],
    ['/admin', 'admin'],
  ])('finds the screen of %s', (pathname, path) => {
    expect(at(pathname)).toBe(path);
  });

  it.each(['/nope', '/org', '/org/1/2', '/orgs/extra', '/%E0%A4%A'])(
    'finds none for %s, which the router does not show a screen at',
    (pathname) => {
      expect(screenAt(pathname)).toBeUndefined();
    },
  );

  it('knows every screen by the path the router gives it', () => {
    for (const screen of [...SIGN_IN_SCREENS, ...LAYOUT_SCREENS]) {
      const example = `/${(screen.path ?? '').replace(/:\w+/g, 'x1')}`;
      expect(matchesRoute(screen.path, example)).toBe(true);
      expect(screenAt(example)?.load).toBe(screen.load);
    }
  });
});
