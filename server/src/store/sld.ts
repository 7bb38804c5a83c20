// Single-line diagrams' saved versions: the newest of a site, one by number, the list (without diagrams),
// and saving a new one in one transaction, so that two saves never take the same number and a save made
// from an older version than the newest is refused rather than lost.
import type { Diagram } from '@voltscope/shared/sld/model';
import type { Db } from './db.ts';

export interface SldVersionRecord {
  siteId: string;
  version: number;
  diagram: Diagram;
  savedAt: number;
  savedBy: { id: number | null; name: string };
  note: string;
  restoredFrom: number | null;
}

export type SldVersionSummary = Omit<SldVersionRecord, 'diagram' | 'siteId'> & { symbols: number };

interface Row {
  site_id: string;
  version: number | string;
  diagram: string;
  symbol_count: number | string;
  saved_at: number | string;
  saved_by_user_id: number | string | null;
  saved_by_name: string;
  note: string;
  restored_from: number | string | null;
}

const orNull = (v: number | string | null) => (v === null ? null : Number(v));

const summaryOf = (r: Omit<Row, 'diagram' | 'site_id'>): SldVersionSummary => ({
  version: Number(r.version),
  savedAt: Number(r.saved_at),
  savedBy: { id: orNull(r.saved_by_user_id), name: r.saved_by_name },
  note: r.note,
  symbols: Number(r.symbol_count),
  restoredFrom: orNull(r.restored_from),
});

const recordOf = (r: Row): SldVersionRecord => {
  const { symbols: _, ...summary } = summaryOf(r);
  return { siteId: r.site_id, diagram: JSON.parse(r.diagram) as Diagram, ...summary };
};

/** The site's newest saved version, if any. */
export async function newestVersion(db: Db, siteId: string): Promise<SldVersionRecord | undefined> {
  const row = await db.get<Row>('SELECT * FROM sld_versions WHERE site_id = ? ORDER BY version DESC LIMIT 1', [siteId]);
  return row && recordOf(row);
}

export async function getVersion(db: Db, siteId: string, version: number): Promise<SldVersionRecord | undefined> {
  const row = await db.get<Row>('SELECT * FROM sld_versions WHERE site_id = ? AND version = ?', [siteId, version]);
  return row && recordOf(row);
}

/** Newest first, without their diagrams. */
export async function listVersions(db: Db, siteId: string): Promise<SldVersionSummary[]> {
  const rows = await db.all<Omit<Row, 'diagram' | 'site_id'>>(
    `SELECT version, symbol_count, saved_at, saved_by_user_id, saved_by_name, note, restored_from
     FROM sld_versions WHERE site_id = ? ORDER BY version DESC`,
    [siteId],
  );
  return rows.map(summaryOf);
}

export interface NewVersion {
  diagram: Diagram;
  savedBy: { id: number | null; name: string };
  note: string;
  restoredFrom: number | null;
}

/** Saved as `version`, or refused because the newest is not the one the save started from. */
export type SaveResult =
  | { saved: SldVersionRecord }
  | { conflict: { version: number; by: string } | null; saved?: undefined };

const newestHead = (tx: Db, siteId: string) =>
  tx.get<{ version: number | string; saved_by_name: string }>(
    'SELECT version, saved_by_name FROM sld_versions WHERE site_id = ? ORDER BY version DESC LIMIT 1',
    [siteId],
  );

/**
 * Saves a new version numbered after the newest. `base`: the version the save started from (null: none
 * saved yet), or undefined to save on top of whatever is newest (a restore). A save that loses a race for
 * the number (PostgreSQL: both read the same newest) is answered as a conflict when it named its base, and
 * tried again on top of the winner otherwise.
 */
export async function saveVersion(
  db: Db,
  siteId: string,
  entry: NewVersion,
  base: number | null | undefined,
): Promise<SaveResult> {
  const json = JSON.stringify(entry.diagram);
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await db.transaction(async (tx): Promise<SaveResult | null> => {
      const head = await newestHead(tx, siteId);
      const newest = head ? Number(head.version) : null;
      if (base !== undefined && newest !== base) {
        return { conflict: head ? { version: Number(head.version), by: head.saved_by_name } : null };
      }
      const version = (newest ?? 0) + 1;
      const savedAt = Date.now();
      const { changes } = await tx.run(
        `INSERT INTO sld_versions (site_id, version, diagram, symbol_count, saved_at, saved_by_user_id,
           saved_by_name, note, restored_from)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (site_id, version) DO NOTHING`,
        [
          siteId,
          version,
          json,
          entry.diagram.symbols.length,
          savedAt,
          entry.savedBy.id,
          entry.savedBy.name,
          entry.note,
          entry.restoredFrom,
        ],
      );
      if (changes === 0) return null;
      return { saved: { siteId, version, savedAt, ...entry } };
    });
    if (result) return result;
  }
  const head = await newestHead(db, siteId);
  return { conflict: head ? { version: Number(head.version), by: head.saved_by_name } : null };
}
