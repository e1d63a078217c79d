// /api/admin/webhooks (docs/api.md "Webhooks"): endpoints, their deliveries, test events and
// redelivery, for an admin access key session. A read-only user is refused before validation
// (changeGuard), like on every change; anyone else who is not an admin by the service.
import { webhookEndpoints } from '../../../domain';
import {
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  listEndpointDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
} from '../../services/webhooks/admin';
import type { AppInstance } from '../app-instance';
import { changeGuard, requireActor } from '../auth';
import { route } from '../route';

export function webhookRoutes(app: AppInstance): void {
  const deps = () => ({ db: app.deps.db, secrets: app.services.secrets });
  const guard = (action: string, param?: string) => ({
    preValidation: changeGuard(app, action, {
      type: param === 'deliveryId' ? 'webhook_delivery' : 'webhook_endpoint',
      ...(param ? { param } : {}),
    }),
  });

  route(app, webhookEndpoints.list, {}, async (request) =>
    listEndpoints(app.deps.db, requireActor(request)),
  );

  route(app, webhookEndpoints.deliveries, {}, async (request) =>
    listEndpointDeliveries(app.deps.db, requireActor(request), request.query),
  );

  route(app, webhookEndpoints.create, guard('webhook.create'), async (request) =>
    createEndpoint(deps(), requireActor(request), request.body),
  );

  route(app, webhookEndpoints.disable, guard('webhook.disable', 'id'), async (request) =>
    disableEndpoint(deps(), requireActor(request), request.params.id),
  );

  route(app, webhookEndpoints.remove, guard('webhook.delete', 'id'), async (request) =>
    deleteEndpoint(deps(), requireActor(request), request.params.id),
  );

  route(app, webhookEndpoints.rotateSecret, guard('webhook.rotate_secret', 'id'), async (request) =>
    rotateSecret(deps(), requireActor(request), request.params.id),
  );

  route(app, webhookEndpoints.sendTest, guard('webhook.test', 'id'), async (request) =>
    sendTestEvent(deps(), requireActor(request), request.params.id),
  );

  route(
    app,
    webhookEndpoints.redeliver,
    guard('webhook.redeliver', 'deliveryId'),
    async (request) => redeliver(deps(), requireActor(request), request.params.deliveryId),
  );
}
