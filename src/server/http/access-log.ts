// One access-log line per request, written when it is answered. Fastify's own request logging
// writes two (on arrival and on answer); under load the second line alone says everything, and
// the first doubled the logging cost that a profile of a busy web process put near the top.
import type { AppInstance } from './app';

export function registerAccessLog(app: AppInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
}
