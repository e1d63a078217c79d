// queryPages asks for the next page as soon as the head of the page being read names it, while
// that page's records still arrive: Salesforce prepares the next page meanwhile. A raw HTTP server
// holds the first page's records back until the second page is asked for (or 2 s pass), so a
// reader that waits for the whole first page shows in the order of events.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OrgConnection } from './org-connection';

const BASE = '/services/data/v62.0';
const idRow = z.object({ Id: z.string() });
const record = (id: string) => ({ attributes: { type: 'Account' }, Id: id });

let server: Server;
let url: string;
const events: string[] = [];
let secondAsked: () => void = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json;charset=UTF-8' });
    if (req.url?.startsWith(`${BASE}/query?`)) {
      events.push('first asked');
      res.write(`{"totalSize":3,"done":false,"nextRecordsUrl":"${BASE}/query/L-2","records":[`);
      const asked = new Promise<void>((resolve) => (secondAsked = resolve));
      const gaveUp = new Promise<void>((resolve) => setTimeout(resolve, 2000));
      void Promise.race([asked, gaveUp]).then(() => {
        events.push('first ended');
        res.end(`${JSON.stringify(record('A1'))},${JSON.stringify(record('A2'))}]}`);
      });
    } else if (req.url === `${BASE}/query/L-2`) {
      events.push('second asked');
      secondAsked();
      res.end(JSON.stringify({ totalSize: 3, done: true, records: [record('A3')] }));
    } else {
      res.end('{}');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('queryPages', () => {
  it('asks for the next page while the records of the one being read still arrive', async () => {
    const conn = new OrgConnection(
      new Connection({ instanceUrl: url, accessToken: 'token', version: '62.0' }),
      { org_id: '00D000000000001AAA', name: 'Test', type: 'Licenses' },
    );
    const pages: string[][] = [];
    for await (const page of conn.queryPages('SELECT Id FROM Account', idRow)) {
      pages.push(page.map((row) => row.Id));
    }
    expect(pages).toEqual([['A1', 'A2'], ['A3']]);
    expect(events).toEqual(['first asked', 'second asked', 'first ended']);
  });
});
