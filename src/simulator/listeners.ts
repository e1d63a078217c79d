// The simulator's HTTP listeners: the login host, and with instanceUrls 'origin' one listener per org
// so that each instance URL is a bare origin like Salesforce's (https://<my domain>.my.salesforce.com).
// Clients such as the sf CLI build URLs as `${new URL(instanceUrl)}services/…`, which only works
// when the instance URL has no path.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Listener {
  readonly port: number;
  close(): Promise<void>;
}

export async function listen(handler: Handler, port: number, host: string): Promise<Listener> {
  const server: Server = createServer(handler);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/**
 * Ports for the orgs' own listeners: free ports when the login host took a free one, otherwise the
 * ports after it (login host 5001 → orgs on 5002, 5003, … in dataset order), so demo URLs are stable.
 */
export function orgPort(loginPort: number, index: number): number {
  return loginPort === 0 ? 0 : loginPort + 1 + index;
}
