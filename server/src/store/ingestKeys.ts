// Ingest keys: per-site credentials for telemetry sources, distinct from user tokens, stored hashed.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

export interface IngestKey {
  id: number;
  siteId: string | null;
  name: string;
  createdAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

interface KeyRow {
  id: number;
  site_id: string | null;
  name: string;
  created_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
}

const KEY_COLUMNS = 'id, site_id, name, created_at, revoked_at, last_used_at';

const toKey = (r: KeyRow): IngestKey => ({
  id: Number(r.id),
  siteId: r.site_id,
  name: r.name,
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
});

/** Creates a key and returns it in clear, once: only its hash is kept. */
export async function createIngestKey(
  db: Db,
  {
    siteId,
    name,
    key = `vsk_${randomBytes(24).toString('base64url')}`,
  }: { siteId: string | null; name: string; key?: string },
): Promise<{ key: string; ingestKey: IngestKey }> {
  const createdAt = Date.now();
  await db.run('INSERT INTO ingest_keys (site_id, name, key_hash, created_at) VALUES (?, ?, ?, ?)', [
    siteId,
    name,
    hashKey(key),
    createdAt,
  ]);
  const row = await db.get<KeyRow>(`SELECT ${KEY_COLUMNS} FROM ingest_keys WHERE key_hash = ?`, [hashKey(key)]);
  if (!row) throw new Error('the ingest key was not stored');
  return { key, ingestKey: toKey(row) };
}

export async function findIngestKey(db: Db, key: string): Promise<IngestKey | undefined> {
  if (key.length > 200) return undefined;
  const row = await db.get<KeyRow>(`SELECT ${KEY_COLUMNS} FROM ingest_keys WHERE key_hash = ? AND revoked_at IS NULL`, [
    hashKey(key),
  ]);
  return row && toKey(row);
}

export async function listIngestKeys(db: Db): Promise<IngestKey[]> {
  return (await db.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM ingest_keys ORDER BY id`)).map(toKey);
}

/** Notes that a key brought a batch at `at` (the caller writes it at most once a minute per key). */
export async function markIngestKeyUsed(db: Db, id: number, at: number): Promise<void> {
  await db.run('UPDATE ingest_keys SET last_used_at = ? WHERE id = ?', [at, id]);
}

export async function revokeIngestKey(db: Db, id: number): Promise<boolean> {
  const { changes } = await db.run('UPDATE ingest_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
    Date.now(),
    id,
  ]);
  return changes > 0;
}

export async function hasIngestKey(db: Db, key: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS x FROM ingest_keys WHERE key_hash = ?', [hashKey(key)])) !== undefined;
}

/** Revokes a key given in clear, or restores it; true when that changed anything. */
export async function setIngestKeyRevoked(db: Db, key: string, revoked: boolean): Promise<boolean> {
  const { changes } = revoked
    ? await db.run('UPDATE ingest_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL', [
        Date.now(),
        hashKey(key),
      ])
    : await db.run('UPDATE ingest_keys SET revoked_at = NULL WHERE key_hash = ? AND revoked_at IS NOT NULL', [
        hashKey(key),
      ]);
  return changes > 0;
}
