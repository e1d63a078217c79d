// Saved filters (docs/product.md "Saved filters"; /api/filters in
// docs/api.md "Saved filters, administration"): named column filters per list.
import { z } from 'zod';
import { columnFiltersSchema } from '../filter/columns';
import { numericId } from './common';

export const savedFilterSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  query: columnFiltersSchema,
  created_by: z.string().nullable(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

const listKey = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a list key');

export const savedFilterQuerySchema = z.object({ key: listKey });

/** PUT /api/filters: a new filter (no id) or a change to one. */
export const savedFilterBodySchema = z
  .object({
    id: numericId.nullish(),
    key: listKey,
    name: z.string().trim().min(1, 'is required').max(100),
    query: columnFiltersSchema,
  })
  .strict();

export const savedFilterIdReply = z.object({ id: z.number().int() });
