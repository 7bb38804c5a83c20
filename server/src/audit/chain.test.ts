import { describe, expect, it } from 'vitest';
import {
  type AuditFields,
  ChainChecker,
  entryHash,
  GENESIS_HASH,
  maskSecrets,
  type StoredAuditEntry,
  verifyChain,
} from './chain.ts';

const fields = (i: number): AuditFields => ({
  at: 1_000 + i,
  actorId: 1,
  actorName: 'Amina',
  ip: '10.0.0.1',
  action: 'site.update',
  outcome: 'ok',
  targetType: 'site',
  targetId: 'ir-yazd',
  targetName: 'Yazd Solar',
  details: { before: { n: i }, after: { n: i + 1 } },
});

function chain(n: number): StoredAuditEntry[] {
  const rows: StoredAuditEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let i = 1; i <= n; i += 1) {
    const hash = entryHash(prevHash, fields(i));
    rows.push({ ...fields(i), seq: i, prevHash, hash });
    prevHash = hash;
  }
  return rows;
}

describe('audit chain', () => {
  it('passes an untouched chain, and one whose oldest entries were removed whole', () => {
    expect(verifyChain(chain(5))).toEqual({ ok: true, entries: 5 });
    expect(verifyChain(chain(5).slice(2))).toEqual({ ok: true, entries: 3 });
    expect(verifyChain([])).toEqual({ ok: true, entries: 0 });
  });

  it('hashes the same entry the same whatever the order of its detail keys', () => {
    const a = fields(1);
    const b = { ...a, details: { after: { n: 2 }, before: { n: 1 } } };
    expect(entryHash(GENESIS_HASH, a)).toBe(entryHash(GENESIS_HASH, b));
    expect(entryHash(GENESIS_HASH, a)).not.toBe(entryHash(GENESIS_HASH, { ...a, ip: '10.0.0.2' }));
  });

  it('names an edited entry, the entry after a removed one, and a swap', () => {
    const edited = chain(5);
    edited[2] = { ...(edited[2] as StoredAuditEntry), actorName: 'Someone else' };
    expect(verifyChain(edited)).toEqual({
      ok: false,
      entries: 3,
      brokenAt: 3,
      why: 'was changed after it was written',
    });

    const removed = chain(5).filter((row) => row.seq !== 3);
    expect(verifyChain(removed)).toMatchObject({ ok: false, brokenAt: 4, why: 'does not follow the entry before it' });

    const swapped = chain(5);
    [swapped[1], swapped[2]] = [swapped[2] as StoredAuditEntry, swapped[1] as StoredAuditEntry];
    expect(verifyChain(swapped)).toMatchObject({ ok: false, brokenAt: 3 });
  });

  it('stays broken once broken, fed row by row', () => {
    const rows = chain(4);
    rows[1] = { ...(rows[1] as StoredAuditEntry), hash: 'f'.repeat(64) };
    const checker = new ChainChecker();
    expect(rows.map((row) => checker.add(row))).toEqual([true, false, false, false]);
    expect(checker.result()).toMatchObject({ ok: false, brokenAt: 2, entries: 2 });
  });

  it('masks secret-sounding values at any depth, keeping the rest', () => {
    expect(
      maskSecrets({
        name: 'Roof',
        key: 'vsk_123',
        seriesKey: 'p_ac',
        after: { secret: 's', apiToken: 't', recoveryCodes: ['a'], pairingCode: 'AB12', ingestKey: 'k' },
        count: 2,
      }),
    ).toEqual({
      name: 'Roof',
      key: '***',
      seriesKey: 'p_ac',
      after: { secret: '***', apiToken: '***', recoveryCodes: '***', pairingCode: '***', ingestKey: '***' },
      count: 2,
    });
  });
});
