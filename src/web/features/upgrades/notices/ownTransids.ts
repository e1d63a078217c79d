// The transids this browser tab sent (Schedule, …): a live event carrying one of them is this
// user's own doing and raises no 'Upgrade Status Update' toast (docs/product.md
// "Scheduling an upgrade" and "Notices").
const own = new Set<string>();

export function rememberOwnTransid(transid: string): void {
  own.add(transid);
}

export function isOwnTransid(transid: string): boolean {
  return own.has(transid);
}
