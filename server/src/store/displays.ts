// Wall displays as stored: the registry an admin edits, the one-time pairing code and the display token
// (both kept only as SHA-256 hashes). A token is bound by using a code; it never expires, it is replaced
// by a renewal (the previous one lasts RENEW_GRACE_MS more) or a new pairing, and ends with a revocation.
import { randomInt } from 'node:crypto';
import {
  type DisplayTheme,
  normalPairingCode,
  PAIRING_ALPHABET,
  PAIRING_TTL_MS,
  type PlaylistItem,
  RENEW_GRACE_MS,
} from '@voltscope/shared/displays';
import type { Language } from '@voltscope/shared/i18n';
import type { Db } from './db.ts';
import { hashToken, newToken } from './tokens.ts';

/** Display tokens carry this prefix, so that a request is told from a user's without a user lookup. */
export const DISPLAY_TOKEN_PREFIX = 'vsd_';
export const isDisplayToken = (token: string): boolean => token.startsWith(DISPLAY_TOKEN_PREFIX);
const newDisplayToken = () => `${DISPLAY_TOKEN_PREFIX}${newToken()}`;

export interface DisplaySettings {
  name: string;
  siteIds: string[];
  playlist: PlaylistItem[];
  language: Language;
  theme: DisplayTheme;
  sound: boolean;
}

export interface DisplayRecord extends DisplaySettings {
  id: number;
  createdAt: number;
  createdBy: number | null;
  /** Bound to a browser: it holds a live token. */
  paired: boolean;
  pairedAt: number | null;
  lastSeenAt: number | null;
  /** A code waits to be used until then; null when there is none, or it ran out. */
  pairingExpiresAt: number | null;
}

/** The hashes of a display's tokens that work now (current and, during a renewal's grace, previous). */
export interface DisplayTokens {
  tokenHash: string | null;
  previousTokenHash: string | null;
}

interface DisplayRow {
  id: number;
  name: string;
  site_ids: string;
  playlist: string;
  language: string;
  theme: string;
  sound: number;
  created_at: number;
  created_by: number | null;
  pairing_expires_at: number | null;
  token_hash: string | null;
  previous_token_hash: string | null;
  previous_until: number | null;
  paired_at: number | null;
  last_seen_at: number | null;
}

const COLUMNS = `id, name, site_ids, playlist, language, theme, sound, created_at, created_by, pairing_expires_at,
  token_hash, previous_token_hash, previous_until, paired_at, last_seen_at`;

const orNull = (value: number | null) => (value === null ? null : Number(value));

function toRecord(row: DisplayRow, now = Date.now()): DisplayRecord {
  const expires = orNull(row.pairing_expires_at);
  return {
    id: Number(row.id),
    name: row.name,
    siteIds: JSON.parse(row.site_ids) as string[],
    playlist: JSON.parse(row.playlist) as PlaylistItem[],
    language: row.language as Language,
    theme: row.theme as DisplayTheme,
    sound: Boolean(row.sound),
    createdAt: Number(row.created_at),
    createdBy: orNull(row.created_by),
    paired: row.token_hash !== null,
    pairedAt: orNull(row.paired_at),
    lastSeenAt: orNull(row.last_seen_at),
    pairingExpiresAt: expires !== null && expires > now ? expires : null,
  };
}

const tokensOf = (row: DisplayRow, now = Date.now()): DisplayTokens => ({
  tokenHash: row.token_hash,
  previousTokenHash: row.previous_until !== null && Number(row.previous_until) > now ? row.previous_token_hash : null,
});

const liveHashes = (tokens: DisplayTokens): string[] =>
  [tokens.tokenHash, tokens.previousTokenHash].filter((h): h is string => h !== null);

export async function listDisplays(db: Db): Promise<DisplayRecord[]> {
  const rows = await db.all<DisplayRow>(`SELECT ${COLUMNS} FROM displays ORDER BY id`);
  const now = Date.now();
  return rows.map((row) => toRecord(row, now));
}

async function getRow(db: Db, id: number): Promise<DisplayRow | undefined> {
  return db.get<DisplayRow>(`SELECT ${COLUMNS} FROM displays WHERE id = ?`, [id]);
}

export async function getDisplay(db: Db, id: number): Promise<DisplayRecord | undefined> {
  const row = await getRow(db, id);
  return row && toRecord(row);
}

export async function createDisplay(db: Db, settings: DisplaySettings, createdBy: number): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO displays (name, site_ids, playlist, language, theme, sound, created_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      settings.name,
      JSON.stringify(settings.siteIds),
      JSON.stringify(settings.playlist),
      settings.language,
      settings.theme,
      settings.sound ? 1 : 0,
      Date.now(),
      createdBy,
    ],
  );
  return Number(row?.id);
}

const settingColumns = {
  name: (v: DisplaySettings['name']) => v,
  siteIds: (v: DisplaySettings['siteIds']) => JSON.stringify(v),
  playlist: (v: DisplaySettings['playlist']) => JSON.stringify(v),
  language: (v: DisplaySettings['language']) => v,
  theme: (v: DisplaySettings['theme']) => v,
  sound: (v: DisplaySettings['sound']) => (v ? 1 : 0),
} as const;
const columnOf: Record<keyof DisplaySettings, string> = {
  name: 'name',
  siteIds: 'site_ids',
  playlist: 'playlist',
  language: 'language',
  theme: 'theme',
  sound: 'sound',
};

export async function updateDisplay(db: Db, id: number, update: Partial<DisplaySettings>): Promise<void> {
  const keys = (Object.keys(update) as (keyof DisplaySettings)[]).filter((k) => update[k] !== undefined);
  if (keys.length === 0) return;
  const values = keys.map((k) => (settingColumns[k] as (v: unknown) => string | number)(update[k]));
  await db.run(`UPDATE displays SET ${keys.map((k) => `${columnOf[k]} = ?`).join(', ')} WHERE id = ?`, [...values, id]);
}

/** A new code of PAIRING_ALPHABET as shown (`K7QF-M3XD`); the one waiting before it no longer works. */
export async function newPairingCode(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ code: string; expiresAt: number }> {
  const letters = Array.from({ length: 8 }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');
  const code = `${letters.slice(0, 4)}-${letters.slice(4)}`;
  const expiresAt = now + PAIRING_TTL_MS;
  await db.run('UPDATE displays SET pairing_code_hash = ?, pairing_expires_at = ? WHERE id = ?', [
    hashToken(normalPairingCode(code)),
    expiresAt,
    id,
  ]);
  return { code, expiresAt };
}

/**
 * Binds a display by its code, once: a new token in place of any before it. Undefined when the code is
 * unknown, used or expired (or another request used it first).
 */
export async function pairByCode(
  db: Db,
  code: string,
  now = Date.now(),
): Promise<{ id: number; token: string; ended: string[] } | undefined> {
  const codeHash = hashToken(normalPairingCode(code));
  return db.transaction(async (tx) => {
    const row = await tx.get<DisplayRow>(
      `SELECT ${COLUMNS} FROM displays WHERE pairing_code_hash = ? AND pairing_expires_at > ?`,
      [codeHash, now],
    );
    if (!row) return undefined;
    const token = newDisplayToken();
    const { changes } = await tx.run(
      `UPDATE displays SET pairing_code_hash = NULL, pairing_expires_at = NULL, token_hash = ?,
         previous_token_hash = NULL, previous_until = NULL, paired_at = ?, last_seen_at = ?, revoked_at = NULL
       WHERE id = ? AND pairing_code_hash = ?`,
      [hashToken(token), now, now, row.id, codeHash],
    );
    if (changes !== 1) return undefined;
    return { id: Number(row.id), token, ended: liveHashes(tokensOf(row, now)) };
  });
}

/** The display a token belongs to (its current one, or the previous one within the grace), if any. */
export async function findDisplayByToken(
  db: Db,
  tokenHash: string,
  now = Date.now(),
): Promise<{ display: DisplayRecord; tokens: DisplayTokens } | undefined> {
  const row = await db.get<DisplayRow>(
    `SELECT ${COLUMNS} FROM displays
     WHERE token_hash = ? OR (previous_token_hash = ? AND previous_until > ? AND token_hash IS NOT NULL)`,
    [tokenHash, tokenHash, now],
  );
  return row && { display: toRecord(row, now), tokens: tokensOf(row, now) };
}

/** A new token for a bound display; the one used to ask keeps working for RENEW_GRACE_MS. */
export async function renewDisplayToken(db: Db, id: number, now = Date.now()): Promise<string | undefined> {
  const token = newDisplayToken();
  const { changes } = await db.run(
    `UPDATE displays SET previous_token_hash = token_hash, previous_until = ?, token_hash = ?
     WHERE id = ? AND token_hash IS NOT NULL`,
    [now + RENEW_GRACE_MS, hashToken(token), id],
  );
  return changes === 1 ? token : undefined;
}

/** Unbinds a display: its tokens and any waiting code stop working. Returns the hashes that worked. */
export async function revokeDisplay(db: Db, id: number, now = Date.now()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await getRow(tx, id);
    if (!row) return [];
    await tx.run(
      `UPDATE displays SET token_hash = NULL, previous_token_hash = NULL, previous_until = NULL,
         pairing_code_hash = NULL, pairing_expires_at = NULL, revoked_at = ? WHERE id = ?`,
      [now, id],
    );
    return liveHashes(tokensOf(row, now));
  });
}

/** Removes a display; returns the hashes of the tokens that worked, or undefined when there was none. */
export async function deleteDisplay(db: Db, id: number, now = Date.now()): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const row = await getRow(tx, id);
    if (!row) return undefined;
    await tx.run('DELETE FROM displays WHERE id = ?', [id]);
    return liveHashes(tokensOf(row, now));
  });
}

/** Marks displays seen now, by the hashes of their current tokens. */
export async function touchDisplays(db: Db, tokenHashes: readonly string[], now = Date.now()): Promise<void> {
  for (let i = 0; i < tokenHashes.length; i += 500) {
    const chunk = tokenHashes.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    await db.run(
      `UPDATE displays SET last_seen_at = ? WHERE token_hash IN (${marks}) OR previous_token_hash IN (${marks})`,
      [now, ...chunk, ...chunk],
    );
  }
}
