// Tickets: how an <img> (which cannot send an Authorization header) opens a camera's stream. The hub
// hands one per camera and session in GET /api/cameras; it is an HMAC, under a key drawn at hub start,
// over the session's reference, the camera's id and an expiry (10 minutes to open it). The session is
// named by an opaque reference the hub maps to it in memory (never the token or its hash in a URL); a
// ticket is refused for another camera, once expired, after its session ended, and by another hub.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TICKET_TTL_MS = 10 * 60_000;

export interface TicketHolder {
  tokenHash: string;
  /** A wall display's token (store/displays.ts) rather than a user's. */
  display: boolean;
}

export class Tickets {
  readonly #key = randomBytes(32);
  readonly #ttlMs: number;
  readonly #holders = new Map<string, TicketHolder & { issuedAt: number }>();

  constructor(ttlMs = TICKET_TTL_MS) {
    this.#ttlMs = ttlMs;
  }

  #mac(text: string): string {
    return createHmac('sha256', this.#key).update(text).digest('base64url');
  }

  issue(holder: TicketHolder, cameraId: string, now = Date.now()): string {
    const ref = this.#mac(`session:${holder.tokenHash}`).slice(0, 22);
    this.#holders.set(ref, { ...holder, issuedAt: now });
    if (this.#holders.size > 50_000) this.#prune(now);
    const expires = Math.ceil((now + this.#ttlMs) / 1000);
    return `${ref}.${expires}.${this.#mac(`${ref}.${cameraId}.${expires}`)}`;
  }

  /** The session a ticket for `cameraId` names, or null: forged, for another camera, expired, or forgotten. */
  verify(ticket: string, cameraId: string, now = Date.now()): TicketHolder | null {
    const [ref, expires, mac, extra] = ticket.split('.');
    if (!ref || !expires || !mac || extra !== undefined || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 < now) return null;
    const expected = Buffer.from(this.#mac(`${ref}.${cameraId}.${expires}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const holder = this.#holders.get(ref);
    return holder ? { tokenHash: holder.tokenHash, display: holder.display } : null;
  }

  /** Sessions that ended: their tickets stop working at once. */
  forget(tokenHashes: readonly string[]): void {
    const ended = new Set(tokenHashes);
    for (const [ref, holder] of this.#holders) if (ended.has(holder.tokenHash)) this.#holders.delete(ref);
  }

  #prune(now: number): void {
    for (const [ref, holder] of this.#holders) if (holder.issuedAt < now - this.#ttlMs) this.#holders.delete(ref);
  }
}
