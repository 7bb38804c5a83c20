// What an MQTT ingest message means, before validation: its topic names a site (and for one sample a device
// and a key), its payload is one sample or the NDJSON lines of POST /api/ingest. The samples come out in
// the HTTP ingest's shape ({ series, ts, value }) so that validate.ts judges both sources alike.
import { Readable } from 'node:stream';
import type { Registry } from '../fleet/registry.ts';
import { type NdjsonLimits, readNdjson } from './ndjsonStream.ts';
import { MALFORMED } from './validate.ts';

export type IngestTopic =
  | { kind: 'sample'; site: string; device: string; key: string }
  | { kind: 'batch'; site: string }
  | null;

/** `<prefix>/<site>/<device>/<key>` (one sample) or `<prefix>/<site>/batch` (NDJSON lines); else null. */
export function parseTopic(prefix: string, topic: string): IngestTopic {
  const levels = topic.split('/');
  if (levels[0] !== prefix || levels.some((level) => level === '')) return null;
  const [, site, device, key] = levels;
  if (levels.length === 3 && device === 'batch') return { kind: 'batch', site: site as string };
  if (levels.length === 4)
    return { kind: 'sample', site: site as string, device: device as string, key: key as string };
  return null;
}

/**
 * A device is named by its id (`fr-occitanie.inv01`) or by its id without the site's prefix (`inv01`).
 * Null when the site has no such series.
 */
export function seriesOfTopic(registry: Registry, topic: { site: string; device: string; key: string }): string | null {
  for (const name of [`${topic.device}/${topic.key}`, `${topic.site}.${topic.device}/${topic.key}`]) {
    const id = registry.seriesIdByKey(name);
    if (id !== undefined && registry.siteOfSeries(id) === topic.site) return name;
  }
  return null;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * One sample's payload: a bare number (the value now), or JSON `{ "ts": <ms or ISO 8601>, "value": <number> }`
 * (`ts` left out: now). Null when it is neither; the sample's own checks are validate.ts's.
 */
export function parseSample(payload: Buffer, now: number): { ts: unknown; value: unknown } | null {
  const text = payload.toString('utf8').trim();
  if (NUMBER.test(text)) return { ts: now, value: Number(text) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { ts = now, value } = parsed as { ts?: unknown; value?: unknown };
  // An ISO string that is not a date stays a string, for the validator to refuse by name.
  const time = typeof ts === 'string' && !Number.isNaN(Date.parse(ts)) ? Date.parse(ts) : ts;
  return { ts: time, value };
}

/** A batch payload's lines, read by the HTTP ingest's NDJSON reader (a line that is not JSON is MALFORMED). */
export function parseBatch(payload: Buffer, limits: NdjsonLimits): Promise<unknown[]> {
  return readNdjson(Readable.from([payload]), limits, MALFORMED);
}
