// A port that a setting names is taken by another process: the console says so in one line (which
// setting, which port, what to do) and exits 1, instead of Node's EADDRINUSE stack. A start-up
// error like ConfigError, not a request's: the HTTP errors live in errors.ts.
import { createServer } from 'node:net';

export class PortInUseError extends Error {
  constructor(
    readonly setting: string,
    readonly port: number,
  ) {
    super(
      `${setting} ${port} is already in use: stop the other process or set ${setting} to a free port.`,
    );
    this.name = 'PortInUseError';
  }
}

const isAddressInUse = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/** Runs a listen call; a port clash becomes a PortInUseError naming `setting`. */
export async function listenAs<T>(
  setting: string,
  port: number,
  listen: () => Promise<T>,
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if (isAddressInUse(error)) throw new PortInUseError(setting, port);
    throw error;
  }
}

/**
 * Binds the port for a moment and lets it go, so that a taken port fails at once, before the
 * database opens or the simulator starts. Another process can still take it in between; the real
 * listen goes through listenAs for that.
 */
export async function ensurePortFree(setting: string, port: number, host: string): Promise<void> {
  if (port === 0) return; // any free port
  await listenAs(
    setting,
    port,
    () =>
      new Promise<void>((resolve, reject) => {
        const probe = createServer();
        probe.once('error', reject);
        probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
      }),
  );
}
