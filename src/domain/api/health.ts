// GET /healthz: whether the console reaches its database, for load balancers and uptime checks.
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  message: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;
