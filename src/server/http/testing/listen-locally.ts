// Tests that need a real socket (raw HTTP, socket.io, fetch) start the app on a free local port.
import type { AppInstance } from '../app-instance';

/** Listens on 127.0.0.1 at a port the system picks; answers that port and the base URL. */
export async function listenLocally(app: AppInstance): Promise<{ port: number; url: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, url: `http://127.0.0.1:${port}` };
}
