import { describe, expect, it } from 'vitest';
import { parseSample, parseTopic } from './mqttPayload.ts';

describe('MQTT ingest topics', () => {
  it('reads a sample topic and a batch topic under the prefix, and nothing else', () => {
    expect(parseTopic('voltscope', 'voltscope/fr-occitanie/inv01/ac_power')).toEqual({
      kind: 'sample',
      site: 'fr-occitanie',
      device: 'inv01',
      key: 'ac_power',
    });
    expect(parseTopic('voltscope', 'voltscope/fr-occitanie/batch')).toEqual({ kind: 'batch', site: 'fr-occitanie' });
    for (const topic of [
      'other/fr-occitanie/batch',
      'voltscope/fr-occitanie/inv01',
      'voltscope/fr-occitanie/inv01/ac_power/x',
      'voltscope//inv01/ac_power',
      'voltscope/fr-occitanie/batch/',
    ]) {
      expect(parseTopic('voltscope', topic), topic).toBeNull();
    }
  });
});

describe('MQTT ingest sample payloads', () => {
  const now = 1_790_000_000_000;
  const payload = (text: string) => parseSample(Buffer.from(text), now);

  it('takes a bare number as the value now', () => {
    expect(payload(' 12.5\n')).toEqual({ ts: now, value: 12.5 });
    expect(payload('-3e2')).toEqual({ ts: now, value: -300 });
  });

  it('takes JSON with ts in milliseconds or ISO 8601, or without ts (now)', () => {
    expect(payload('{"ts":1789999999000,"value":4}')).toEqual({ ts: 1_789_999_999_000, value: 4 });
    expect(payload('{"ts":"2026-09-21T12:00:00Z","value":4}')).toEqual({ ts: Date.UTC(2026, 8, 21, 12), value: 4 });
    expect(payload('{"value":4}')).toEqual({ ts: now, value: 4 });
  });

  it('leaves what it cannot read for the validator to refuse, and refuses what is not a sample', () => {
    expect(payload('{"ts":"yesterday","value":"4"}')).toEqual({ ts: 'yesterday', value: '4' });
    expect(payload('not json')).toBeNull();
    expect(payload('[1,2]')).toBeNull();
    expect(payload('null')).toBeNull();
    expect(payload('')).toBeNull();
  });
});
