// The transids this browser tab sent (Schedule, …): a live event carrying one of them is this
// user's own doing and raises no 'Upgrade Status Update' toast (spec §4 step 5, §8).
const own = new Set<string>();

export function rememberOwnTransid(transid: string): void {
  own.add(transid);
}

export function isOwnTransid(transid: string): boolean {
  return own.has(transid);
}
