// Sign-in sessions: access tokens issued at login, checked on every request and socket handshake,
// revoked by logout or by an admin. Revocation is announced so that the realtime hub closes the
// sockets that used the token. A wall display's token (store/displays.ts) authenticates here too, as a
// synthetic principal of the `display` role scoped to the display's sites.
import { EventEmitter } from 'node:events';
import { type AbilityRule, type AppAbility, createAbility, resolveRules } from '@voltscope/shared/abilities';
import type { PendingStep } from '@voltscope/shared/contracts/auth';
import type { Db } from '../store/db.ts';
import { type DisplayRecord, findDisplayByToken, isDisplayToken, touchDisplays } from '../store/displays.ts';
import {
  findLiveToken,
  hashToken,
  insertAccessToken,
  newToken,
  revokeToken,
  revokeUserTokens,
  touchTokens,
} from '../store/tokens.ts';
import { findUserById, roleRules, type UserRecord } from '../store/users.ts';

export interface Session {
  tokenHash: string;
  /** A step to take before anything else (contracts/auth.ts); null when none. */
  pendingStep: PendingStep | null;
  user: UserRecord;
  rules: AbilityRule[];
  ability: AppAbility;
  expiresAt: number;
  /** Set when the token is a wall display's: `user` is then its synthetic principal. */
  display?: DisplayRecord;
}

/** A display token does not expire: its session says so with a date far ahead. */
const DISPLAY_SESSION_MS = 10 * 365 * 86400_000;

/** The principal a display acts as: never a person, negative ids so that no user's can match. */
export function displayPrincipal(display: DisplayRecord): UserRecord {
  return {
    id: -display.id,
    fullName: display.name,
    username: `display-${display.id}`,
    email: `display-${display.id}@displays.invalid`,
    role: 'display',
    avatar: null,
    siteIds: display.siteIds,
    passwordHash: '',
    active: true,
    mustChangePassword: false,
    mfaEnabled: false,
  };
}

export type EndReason = 'logout' | 'revoked' | 'expired';

interface SessionEvents {
  ended: [tokenHashes: string[], reason: EndReason];
  /** A user's rights changed (sites given or taken away): live sessions must re-check what they hold. */
  rights: [userId: number];
}

export interface SessionTtl {
  sessionTtlSeconds: number;
  rememberTtlSeconds: number;
  /** A session unused this long ends, whatever its lifetime. */
  sessionIdleSeconds: number;
  /** Roles whose users must have a second factor before anything else. */
  mfaRequiredRoles: readonly string[];
}

export class Sessions extends EventEmitter<SessionEvents> {
  readonly #db: Db;
  readonly #ttl: SessionTtl;

  constructor(db: Db, ttl: SessionTtl) {
    super();
    this.#db = db;
    this.#ttl = ttl;
  }

  async issue(user: UserRecord, remember: boolean, meta: { userAgent: string | null; ip: string }) {
    const accessToken = newToken();
    const expiresAt = Date.now() + 1000 * (remember ? this.#ttl.rememberTtlSeconds : this.#ttl.sessionTtlSeconds);
    await insertAccessToken(this.#db, {
      tokenHash: hashToken(accessToken),
      userId: user.id,
      expiresAt,
      remember,
      ...meta,
    });
    return { accessToken, expiresAt };
  }

  get #idleMs(): number {
    return this.#ttl.sessionIdleSeconds * 1000;
  }

  /** How stale a token's last use may get before it is written again: one write per token a minute at most. */
  get #touchEveryMs(): number {
    return Math.min(60_000, this.#idleMs / 4);
  }

  /** The session of a token, or undefined when the token is unknown, revoked, expired or idle too long. */
  async authenticate(token: string): Promise<Session | undefined> {
    if (!token || token.length > 128) return undefined;
    if (isDisplayToken(token)) return this.#authenticateDisplay(token);
    const tokenHash = hashToken(token);
    const now = Date.now();
    const row = await findLiveToken(this.#db, tokenHash, this.#idleMs, now);
    const user = row && (await findUserById(this.#db, row.userId));
    if (!row || !user?.active) return undefined;
    if (now - row.lastSeenAt > this.#touchEveryMs) await touchTokens(this.#db, [tokenHash], now);
    const rules = await this.rulesFor(user);
    return {
      tokenHash,
      user,
      rules,
      ability: this.#abilityFor(rules),
      expiresAt: row.expiresAt,
      pendingStep: this.pendingStep(user),
    };
  }

  /** A display's session: unknown, revoked or replaced (by a new pairing) tokens get none. */
  async #authenticateDisplay(token: string): Promise<Session | undefined> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const found = await findDisplayByToken(this.#db, tokenHash, now);
    if (!found) return undefined;
    const { display } = found;
    if (now - (display.lastSeenAt ?? 0) > this.#touchEveryMs) await touchDisplays(this.#db, [tokenHash], now);
    const user = displayPrincipal(display);
    const rules = await this.rulesFor(user);
    return {
      tokenHash,
      user,
      rules,
      ability: this.#abilityFor(rules),
      expiresAt: now + DISPLAY_SESSION_MS,
      display,
      pendingStep: null,
    };
  }

  // Users of one role and sites share the same rules: they share one compiled ability (CASL abilities
  // are not changed after creation here), which keeps a socket's memory small on busy hubs.
  readonly #abilities = new Map<string, AppAbility>();

  #abilityFor(rules: AbilityRule[]): AppAbility {
    const key = JSON.stringify(rules);
    let ability = this.#abilities.get(key);
    if (!ability) {
      if (this.#abilities.size >= 1000) this.#abilities.clear();
      ability = createAbility(rules);
      this.#abilities.set(key, ability);
    }
    return ability;
  }

  readonly #held = new Map<string, number>();
  #holdTimer: ReturnType<typeof setInterval> | undefined;

  /**
   * Counts an open live socket as use of its token until the returned release is called: a wall screen
   * that only watches must not idle out. The held tokens are marked used every #touchEveryMs.
   */
  hold(tokenHash: string): () => void {
    this.#held.set(tokenHash, (this.#held.get(tokenHash) ?? 0) + 1);
    this.#holdTimer ??= setInterval(() => {
      // Best effort: a missed mark only brings the idle end nearer, and the next one catches up.
      const held = [...this.#held.keys()];
      touchTokens(this.#db, held).catch(() => {});
      touchDisplays(this.#db, held).catch(() => {});
    }, this.#touchEveryMs).unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.#held.get(tokenHash) ?? 1) - 1;
      if (count > 0) this.#held.set(tokenHash, count);
      else this.#held.delete(tokenHash);
      if (this.#held.size === 0) {
        clearInterval(this.#holdTimer);
        this.#holdTimer = undefined;
      }
    };
  }

  /** What the user must do before anything else: their own password first, then a second factor. */
  pendingStep(user: UserRecord): PendingStep | null {
    if (user.mustChangePassword) return 'passwordChange';
    if (!user.mfaEnabled && this.#ttl.mfaRequiredRoles.includes(user.role)) return 'mfaSetup';
    return null;
  }

  /** The user's own rules: their role's template resolved with their sites. */
  async rulesFor(user: UserRecord): Promise<AbilityRule[]> {
    return resolveRules(await roleRules(this.#db, user.role), { siteIds: user.siteIds });
  }

  /** The session of a user whose rights changed, with the same token; undefined if they may no longer sign in. */
  async refresh(session: Session): Promise<Session | undefined> {
    if (session.display) return this.#refreshDisplay(session);
    const user = await findUserById(this.#db, session.user.id);
    if (!user?.active) return undefined;
    const rules = await this.rulesFor(user);
    return { ...session, user, rules, ability: this.#abilityFor(rules), pendingStep: this.pendingStep(user) };
  }

  /** A display's session as its record stands now (its sites changed); undefined once its token ended. */
  async #refreshDisplay(session: Session): Promise<Session | undefined> {
    const found = await findDisplayByToken(this.#db, session.tokenHash);
    if (!found) return undefined;
    const user = displayPrincipal(found.display);
    const rules = await this.rulesFor(user);
    return { ...session, user, rules, ability: this.#abilityFor(rules), display: found.display };
  }

  /** Announces that a user's rights changed: their live sockets re-check their rooms at once. */
  rightsChanged(userId: number): void {
    this.emit('rights', userId);
  }

  /** Announces tokens that stopped working elsewhere (a display's): their sockets are told and closed. */
  endTokens(tokenHashes: readonly string[], reason: EndReason): void {
    if (tokenHashes.length > 0) this.emit('ended', [...tokenHashes], reason);
  }

  async revoke(tokenHash: string, reason: EndReason): Promise<void> {
    if (await revokeToken(this.#db, tokenHash)) this.emit('ended', [tokenHash], reason);
  }

  async revokeUser(userId: number, reason: EndReason): Promise<void> {
    const hashes = await revokeUserTokens(this.#db, userId);
    if (hashes.length > 0) this.emit('ended', hashes, reason);
  }
}
