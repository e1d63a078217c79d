// The live events of one change, collected inside its transaction and published only after the
// commit (a rolled-back change announces nothing).
import type { LivePublisher } from '../../live/live-channel';

type IdEvent = 'groups' | 'group-members';

export class LiveBatch {
  private readonly ids = new Map<IdEvent, Set<number>>();
  /** undefined: no org changed; null: any org may have (blacklist groups reach whole accounts). */
  private orgIds: Set<string> | null | undefined;
  private upgradesChanged = false;

  add(event: IdEvent, id: number): void {
    const set = this.ids.get(event) ?? new Set<number>();
    set.add(id);
    this.ids.set(event, set);
  }

  /** Orgs whose Groups column or blacklist state changed; null for "any org". */
  orgs(orgIds: readonly string[] | null): void {
    if (orgIds === null) this.orgIds = null;
    else if (this.orgIds !== null && orgIds.length) {
      this.orgIds = new Set([...(this.orgIds ?? []), ...orgIds]);
    }
  }

  upgrades(): void {
    this.upgradesChanged = true;
  }

  publish(live: LivePublisher): void {
    for (const [event, ids] of this.ids) live.publish(event, { ids: [...ids] });
    if (this.orgIds === null) live.publish('orgs', {});
    else if (this.orgIds) live.publish('orgs', { ids: [...this.orgIds] });
    if (this.upgradesChanged) live.publish('upgrades', {});
  }
}
