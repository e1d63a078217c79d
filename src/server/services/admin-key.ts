// The admin access key: compared in constant time, and only after the attempt has been counted.
// Wrong keys are limited per client address and across every address together (the global
// ceiling: rotating addresses buys an attacker nothing), each wrong key is audited, and a right
// key counts against no one. The client address is request.ip, which believes X-Forwarded-For
// only as far as TRUST_PROXY says.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  deleteEndedThrottleWindows,
  releaseAttempt,
  reserveAttempt,
} from '../db/repositories/admin-key-throttle';
import { writeAudit } from '../db/repositories/audit-log';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors';

export const ADMIN_KEY_USERNAME = 'admin-key';
export const ADMIN_KEY_ACTION = 'sign-in-admin-key';

/**
 * Wrong keys allowed per window: 5 from one client address, 50 from all addresses together. A
 * window starts with its first attempt and lasts 15 minutes. Reaching the ceiling pauses admin-key
 * sign-in for everyone until the window ends; sign-in with Salesforce is not affected.
 */
export const ADMIN_KEY_LIMITS = { perAddress: 5, overall: 50, windowMinutes: 15 } as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * The scope a client address is counted in: an IPv4 address (IPv4-mapped IPv6 included) as it
 * is, an IPv6 address by its /64, the smallest block one subscriber is usually given.
 */
export function addressScope(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
          ...right,
        ];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Resolves when `key` is the admin access key; otherwise throws 404 (no key configured), 429 (a
 * limit is reached: nothing is compared) or 401 (a wrong key, audited).
 */
export async function verifyAdminKey(
  deps: { config: Config; db: Database },
  key: string,
  client: string,
): Promise<void> {
  const configured = deps.config.ADMIN_ACCESS_KEY;
  if (!configured) throw new NotFoundError('Admin access is not enabled on this console.');
  const { perAddress, overall, windowMinutes } = ADMIN_KEY_LIMITS;
  const scopes = [
    { scope: `address:${addressScope(client)}`, max: perAddress },
    { scope: 'all', max: overall },
  ];
  const reservation = await reserveAttempt(deps.db, scopes, windowMinutes);
  if (!reservation.reserved) {
    const wait = minutesText(reservation.retryAfterSeconds);
    throw new TooManyRequestsError(
      reservation.scope === 'all'
        ? `Too many wrong access keys have been tried, so admin access is paused for everyone. Try again in ${wait}, or sign in with Salesforce.`
        : `Too many wrong access keys from your address. Try again in ${wait}, or sign in with Salesforce.`,
    );
  }
  if (!timingSafeEqual(sha256(key), sha256(configured))) {
    const [fromAddress = 0, fromAll = 0] = reservation.attempts;
    const locked = [
      ...(fromAddress >= perAddress ? ['address'] : []),
      ...(fromAll >= overall ? ['all'] : []),
    ];
    await writeAudit(deps.db, {
      actor: ADMIN_KEY_USERNAME,
      action: ADMIN_KEY_ACTION,
      outcome: 'denied',
      details: { client, attempt: fromAddress, ...(locked.length > 0 ? { locked } : {}) },
    });
    throw new UnauthorizedError('Invalid admin access key.');
  }
  await releaseAttempt(
    deps.db,
    scopes.map(({ scope }) => scope),
  );
}

/** Housekeeping on the rare path of a new sign-in: scopes whose window has ended. */
export function forgetEndedAdminKeyWindows(db: Database): Promise<void> {
  return deleteEndedThrottleWindows(db, ADMIN_KEY_LIMITS.windowMinutes);
}
