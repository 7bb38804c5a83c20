// CCTV monitor layouts as stored: one row per named grid, owned by one user; the cells as JSON (camera ids
// or nulls). Names are unique per owner as people read them (`name_key`, lower-cased and trimmed).
import type { CctvGridSize, CctvLayout } from '@voltscope/shared/contracts/cctv';
import type { Db } from './db.ts';

interface LayoutRow {
  id: number;
  name: string;
  size: number;
  cells: string;
  created_at: number;
  updated_at: number;
}

export interface LayoutWrite {
  name: string;
  size: CctvGridSize;
  cells: readonly (string | null)[];
}

const nameKey = (name: string) => name.trim().toLowerCase();

const toLayout = (row: LayoutRow): CctvLayout => ({
  id: Number(row.id),
  name: row.name,
  size: Number(row.size) as CctvGridSize,
  cells: JSON.parse(row.cells) as (string | null)[],
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const columns = 'id, name, size, cells, created_at, updated_at';

export async function listCctvLayouts(db: Db, ownerId: number): Promise<CctvLayout[]> {
  const rows = await db.all<LayoutRow>(`SELECT ${columns} FROM cctv_layouts WHERE owner_id = ? ORDER BY name_key`, [
    ownerId,
  ]);
  return rows.map(toLayout);
}

export async function countCctvLayouts(db: Db, ownerId: number): Promise<number> {
  const row = await db.get<{ n: number }>('SELECT count(*) AS n FROM cctv_layouts WHERE owner_id = ?', [ownerId]);
  return Number(row?.n ?? 0);
}

/** The owner's layout, or undefined (another user's layout is not theirs to see). */
export async function getCctvLayout(db: Db, ownerId: number, id: number): Promise<CctvLayout | undefined> {
  const row = await db.get<LayoutRow>(`SELECT ${columns} FROM cctv_layouts WHERE id = ? AND owner_id = ?`, [
    id,
    ownerId,
  ]);
  return row && toLayout(row);
}

/** A new layout's id, or 'taken' when the owner already has one of that name. */
export async function insertCctvLayout(db: Db, ownerId: number, layout: LayoutWrite): Promise<number | 'taken'> {
  const now = Date.now();
  const row = await db.get<{ id: number }>(
    `INSERT INTO cctv_layouts (owner_id, name, name_key, size, cells, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner_id, name_key) DO NOTHING RETURNING id`,
    [ownerId, layout.name.trim(), nameKey(layout.name), layout.size, JSON.stringify(layout.cells), now, now],
  );
  return row ? Number(row.id) : 'taken';
}

/** Rewrites the owner's layout: 'missing' when it is not theirs, 'taken' when another of theirs has the name. */
export async function updateCctvLayout(
  db: Db,
  ownerId: number,
  id: number,
  layout: LayoutWrite,
): Promise<'ok' | 'missing' | 'taken'> {
  return db.transaction(async (tx) => {
    if (!(await getCctvLayout(tx, ownerId, id))) return 'missing';
    const clash = await tx.get<{ id: number }>(
      'SELECT id FROM cctv_layouts WHERE owner_id = ? AND name_key = ? AND id <> ?',
      [ownerId, nameKey(layout.name), id],
    );
    if (clash) return 'taken';
    await tx.run('UPDATE cctv_layouts SET name = ?, name_key = ?, size = ?, cells = ?, updated_at = ? WHERE id = ?', [
      layout.name.trim(),
      nameKey(layout.name),
      layout.size,
      JSON.stringify(layout.cells),
      Date.now(),
      id,
    ]);
    return 'ok';
  });
}

/** Whether the owner's layout was there to delete. */
export async function deleteCctvLayout(db: Db, ownerId: number, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM cctv_layouts WHERE id = ? AND owner_id = ?', [id, ownerId])).changes > 0;
}
