// The saved filter calls (docs/api.md "Saved filters, administration"): a list's saved filters,
// saving one, deleting one.
import { z } from 'zod';
import { idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  savedFilterBodySchema,
  savedFilterIdReply,
  savedFilterQuerySchema,
  savedFilterSchema,
} from '../saved-filters';

export const savedFilterEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/filters',
    tag: 'filters',
    description: 'The saved filters of one list (key), by name.',
    query: savedFilterQuerySchema,
    response: z.array(savedFilterSchema),
  }),

  save: endpoint({
    method: 'PUT',
    path: '/api/filters',
    tag: 'filters',
    description: 'Creates a saved filter (no id) or changes one; answers its id.',
    body: savedFilterBodySchema,
    response: savedFilterIdReply,
  }),

  delete: endpoint({
    method: 'DELETE',
    path: '/api/filters/:id',
    tag: 'filters',
    description: 'Deletes a saved filter; answers its id.',
    params: idParams,
    response: savedFilterIdReply,
  }),
};
