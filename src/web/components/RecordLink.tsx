import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

interface RecordLinkProps {
  /** Where the link leads; without one the text is shown plainly (the record is unknown). */
  to: string | null;
  children: ReactNode;
}

/** A link to another screen of the console, or the bare text when there is nowhere to go. */
export function RecordLink({ to, children }: RecordLinkProps) {
  if (to === null) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} size="sm" inherit>
      {children}
    </Anchor>
  );
}
