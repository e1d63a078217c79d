// A taken port becomes one sentence naming the setting: the probe before start-up and the real
// listen alike; any other error passes through unchanged.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePortFree, listenAs, PortInUseError } from './port-in-use';

const held: Server[] = [];
afterEach(() => {
  for (const server of held.splice(0)) server.close();
});

async function hold(): Promise<number> {
  const server = createServer();
  held.push(server);
  await new Promise<void>((resolve) => server.listen(0, () => resolve()));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('port in use', () => {
  it('says which setting and port, and what to do', () => {
    expect(new PortInUseError('PORT', 5000).message).toBe(
      'PORT 5000 is already in use: stop the other process or set PORT to a free port.',
    );
  });

  it('refuses a port another socket holds, on any address', async () => {
    const port = await hold();
    await expect(ensurePortFree('SIM_PORT', port, '127.0.0.1')).rejects.toEqual(
      new PortInUseError('SIM_PORT', port),
    );
    await expect(ensurePortFree('PORT', port, '0.0.0.0')).rejects.toBeInstanceOf(PortInUseError);
  });

  it('lets a free port go again after probing it', async () => {
    const port = await hold();
    held.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await ensurePortFree('PORT', port, '0.0.0.0');
    await ensurePortFree('PORT', port, '0.0.0.0');
    await ensurePortFree('PORT', 0, '0.0.0.0');
  });

  it('turns only EADDRINUSE of the real listen into the sentence', async () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    await expect(listenAs('METRICS_PORT', 9100, () => Promise.reject(inUse))).rejects.toEqual(
      new PortInUseError('METRICS_PORT', 9100),
    );
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    await expect(listenAs('PORT', 80, () => Promise.reject(denied))).rejects.toBe(denied);
    await expect(listenAs('PORT', 1, () => Promise.resolve('bound'))).resolves.toBe('bound');
  });
});
