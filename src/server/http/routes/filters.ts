// /api/filters (spec §7 "Search and saved filters").
import { z } from 'zod';
import {
  numericId,
  savedFilterBodySchema,
  savedFilterIdReply,
  savedFilterQuerySchema,
  savedFilterSchema,
} from '../../../domain';
import { listSavedFilters } from '../../db/repositories/saved-filters';
import { removeFilter, saveFilter } from '../../services/saved-filters';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';

export function savedFilterRoutes(app: AppInstance): void {
  const db = app.deps.db;

  app.get(
    '/api/filters',
    {
      schema: {
        tags: ['filters'],
        querystring: savedFilterQuerySchema,
        response: { 200: z.array(savedFilterSchema) },
      },
    },
    async (request) => listSavedFilters(db, request.query.key),
  );

  app.put(
    '/api/filters',
    {
      schema: {
        tags: ['filters'],
        description: 'Creates a saved filter (no id) or changes one; answers its id.',
        body: savedFilterBodySchema,
        response: { 200: savedFilterIdReply },
      },
      preValidation: changeGuard(app, 'save-filter', { type: 'saved_filter' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'save-filter', {
        type: 'saved_filter',
        id: String(request.body.id ?? 'new'),
      });
      return { id: await saveFilter(db, actor, request.body) };
    },
  );

  app.delete(
    '/api/filters/:id',
    {
      schema: {
        tags: ['filters'],
        params: z.object({ id: numericId }),
        response: { 200: savedFilterIdReply },
      },
      preValidation: changeGuard(app, 'delete-filter', { type: 'saved_filter', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'delete-filter', {
        type: 'saved_filter',
        id: String(request.params.id),
      });
      await removeFilter(db, actor, request.params.id);
      return { id: request.params.id };
    },
  );
}
