// Pages with one page of lookahead: the next page is already being fetched while the caller
// writes the current one (Salesforce and the database work at the same time), and the caller
// learns which page is the last, so it can commit the final watermark with that page.

export interface Page<T> {
  value: T;
  last: boolean;
}

export async function* withLookahead<T>(
  source: AsyncGenerator<T, void, undefined>,
): AsyncGenerator<Page<T>, void, undefined> {
  let pending: Promise<IteratorResult<T, void>> | undefined;
  try {
    const first = await source.next();
    if (first.done) return;
    let current: T = first.value;
    pending = source.next();
    for (;;) {
      const following: IteratorResult<T, void> = await pending;
      if (following.done) {
        pending = undefined;
        yield { value: current, last: true };
        return;
      }
      // Keep a fetch in flight while the caller works on `current`.
      pending = source.next();
      yield { value: current, last: false };
      current = following.value;
    }
  } finally {
    if (pending) {
      // The caller stopped early (cancel, failure): a fetch still in flight must not surface as
      // an unhandled rejection, and the source is closed once it settles.
      const inFlight = pending;
      void inFlight.then(
        () => source.return(undefined).catch(() => undefined),
        () => undefined,
      );
    }
  }
}
