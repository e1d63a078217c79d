// Sign-in and connect tests read the cookies an answer sets (the session, the OAuth state).

/** The name=value pairs of a response's Set-Cookie header, attributes left out. */
export const cookiesOf = (header: string | string[] | undefined): Record<string, string> =>
  Object.fromEntries(
    (Array.isArray(header) ? header : header ? [header] : []).map((c) => {
      const [pair] = c.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      return [name ?? '', value.join('=')];
    }),
  );
