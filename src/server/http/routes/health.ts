import { z } from 'zod';
import { pingDatabase } from '../../db/repositories/health';
import type { AppInstance } from '../app';

const healthReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});

/** GET /healthz — answers only after a real round trip to the database. */
export function healthRoutes(app: AppInstance): void {
  app.get(
    '/healthz',
    { schema: { response: { 200: healthReply, 503: healthReply } } },
    async (_req, reply) => {
      const { db } = app.deps;
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, db: db.kind };
      } catch (error) {
        app.log.error({ err: error }, 'health check failed');
        return reply
          .status(503)
          .send({ status: 'unavailable', db: db.kind, message: 'database unreachable' });
      }
    },
  );
}
