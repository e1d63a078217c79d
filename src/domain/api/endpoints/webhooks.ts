// Signed webhooks (docs/product.md "Webhooks"): an admin access key session registers endpoints,
// sees each delivery with the receiver's answer, sends a test event and redelivers. The secret is
// in the answer of create and rotate only.
import { z } from 'zod';
import { idParams } from '../common';
import { noBodySchema } from '../upgrade-actions';
import { endpoint } from '../endpoint';
import {
  createWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../webhooks';

const endpointExample = {
  id: 3,
  url: 'https://hooks.example.com/pushboard',
  events: ['upgrade.completed', 'upgrade.completed_with_failures', 'fetch.failed'],
  format: 'json',
  secret_hint: 'whsec_Qm4x',
  created_by: 'admin-key',
  created_at: '2026-11-27T09:00:00.000Z',
  secret_rotated_at: null,
  disabled_at: null,
  disabled_by: null,
};

const deliveryExample = {
  id: '5d0c7a4e-8d7e-4b53-9a59-2f1f0f5d9c11',
  endpoint_id: 3,
  endpoint_url: 'https://hooks.example.com/pushboard',
  event: 'upgrade.completed_with_failures',
  status: 'pending',
  attempts: 2,
  next_attempt_at: '2026-11-27T09:36:00.000Z',
  last_status_code: 503,
  last_answer: 'Service Unavailable',
  last_attempt_at: '2026-11-27T09:06:00.000Z',
  created_at: '2026-11-27T09:00:00.000Z',
  payload: {
    event: 'upgrade.completed_with_failures',
    occurred_at: '2026-11-27T09:00:00.000Z',
    data: { upgrade_id: 12, description: 'Spring release', message: 'Complete with 3 failures' },
  },
};

const withSecret = webhookEndpointWithSecretSchema.meta({
  examples: [{ ...endpointExample, secret: 'whsec_Qm4xv3…(shown once)' }],
});
const oneEndpoint = webhookEndpointSchema.meta({ examples: [endpointExample] });
const oneDelivery = webhookDeliverySchema.meta({ examples: [deliveryExample] });

export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/webhooks',
    tag: 'webhooks',
    description:
      'The registered webhook endpoints, newest first (never their secrets). Admin access key session only.',
    response: z.array(webhookEndpointSchema).meta({ examples: [[endpointExample]] }),
  }),

  create: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks',
    tag: 'webhooks',
    description:
      'Registers an endpoint (https, or http to localhost) for some events, as JSON or Slack-compatible text; the answer is the only time its signing secret is shown.',
    body: createWebhookBodySchema.meta({
      examples: [
        {
          url: 'https://hooks.example.com/pushboard',
          events: ['upgrade.completed', 'upgrade.completed_with_failures', 'fetch.failed'],
          format: 'json',
        },
      ],
    }),
    response: withSecret,
  }),

  disable: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/:id/disable',
    tag: 'webhooks',
    description:
      'Stops sending to an endpoint: no new deliveries, and its waiting ones are given up.',
    body: noBodySchema,
    params: idParams,
    response: oneEndpoint,
  }),

  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/webhooks/:id',
    tag: 'webhooks',
    description: 'Deletes an endpoint and its deliveries.',
    params: idParams,
    response: oneEndpoint,
  }),

  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/:id/rotate-secret',
    tag: 'webhooks',
    description:
      'Gives an endpoint a new signing secret, used from the next attempt on; the answer is the only time it is shown.',
    body: noBodySchema,
    params: idParams,
    response: withSecret,
  }),

  sendTest: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/:id/test',
    tag: 'webhooks',
    description: "Sends the event 'webhook.test' to an enabled endpoint now; answers its delivery.",
    body: noBodySchema,
    params: idParams,
    response: oneDelivery,
  }),

  deliveries: endpoint({
    method: 'GET',
    path: '/api/admin/webhooks/deliveries',
    tag: 'webhooks',
    description:
      "Deliveries, newest first, with the receiver's last status code and answer, paged (page, page_size); endpoint_id and status narrow them.",
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveryPageSchema.meta({ examples: [{ rows: [deliveryExample], total: 1 }] }),
  }),

  redeliver: endpoint({
    method: 'POST',
    path: '/api/admin/webhooks/deliveries/:deliveryId/redeliver',
    tag: 'webhooks',
    description:
      'Sends a delivery again as a new delivery with the same payload (its own id and attempts) to its endpoint, if enabled.',
    body: noBodySchema,
    params: z.object({ deliveryId: z.uuid() }),
    response: oneDelivery,
  }),
};
