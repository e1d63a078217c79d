// Saved filters (docs/api.md "Saved filters, administration"): a list's saved filters, saving one,
// deleting one. Read-only users may read them; saving and deleting are changes.
import { savedFilterEndpoints } from '../../../domain';
import { listSavedFilters } from '../../db/repositories/saved-filters';
import { removeFilter, saveFilter } from '../../services/saved-filters';
import type { AppInstance } from '../app-instance';
import { changeGuard, requireChange } from '../auth';
import { route } from '../route';

export function savedFilterRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, savedFilterEndpoints.list, {}, async (request) =>
    listSavedFilters(db, request.query.key),
  );

  route(
    app,
    savedFilterEndpoints.save,
    { preValidation: changeGuard(app, 'save-filter', { type: 'saved_filter' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'save-filter', {
        type: 'saved_filter',
        id: String(request.body.id ?? 'new'),
      });
      return { id: await saveFilter(db, actor, request.body) };
    },
  );

  route(
    app,
    savedFilterEndpoints.delete,
    { preValidation: changeGuard(app, 'delete-filter', { type: 'saved_filter', param: 'id' }) },
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
