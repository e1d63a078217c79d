import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

interface ScreenProps {
  /** Stable id for browser tests: the wrapper gets data-testid="screen-<name>". */
  name: string;
  /** Shown in the browser tab as "<title> · Pushboard". */
  title: string;
  children: ReactNode;
}

/** The root of every screen inside the Layout, so tests and tabs can tell which route rendered. */
export function Screen({ name, title, children }: ScreenProps) {
  useDocumentTitle(`${title} · Pushboard`);
  return <Box data-testid={`screen-${name}`}>{children}</Box>;
}
