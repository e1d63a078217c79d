// GET /healthz: answers only after a real round trip to the database, 503 when there is none.
import { operationEndpoints } from '../../../domain';
import { pingDatabase } from '../../db/repositories/health';
import type { AppInstance } from '../app-instance';
import { route } from '../route';

export function healthRoutes(app: AppInstance): void {
  route(app, operationEndpoints.health, {}, async (_request, reply) => {
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
  });
}
