// The Upgrade and Request detail screens' reads: one upgrade, or one request, with its job counts
// (the progress bar) and why it stopped.
import { upgradeEndpoints, upgradeRequestEndpoints, type UpgradeDetail } from '../../../../domain';
import type { SqlClient } from '../../../db/database';
import { findUpgradeDetail, findUpgradeItemDetail } from '../../../db/repositories/upgrade-details';
import { NotFoundError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { route } from '../../route';

/** The upgrade, or a 404 naming it. */
export async function requireUpgrade(db: SqlClient, id: number): Promise<UpgradeDetail> {
  const upgrade = await findUpgradeDetail(db, id);
  if (!upgrade) throw new NotFoundError(`No upgrade ${id}.`);
  return upgrade;
}

export function detailRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, upgradeEndpoints.get, {}, async (request) => requireUpgrade(db, request.params.id));

  route(app, upgradeRequestEndpoints.get, {}, async (request) => {
    const item = await findUpgradeItemDetail(db, request.params.id);
    if (!item) throw new NotFoundError(`No upgrade request ${request.params.id}.`);
    return item;
  });
}
