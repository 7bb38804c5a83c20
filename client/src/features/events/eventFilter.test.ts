import { describe, expect, it } from 'vitest';
import { type LogSpec, parseView } from '../../logs/logQuery.ts';
import { eventFilter } from './eventFilter.ts';

const spec: LogSpec = { lists: ['sites', 'devices', 'types', 'priorities'], sorts: ['ts'] };

describe('the live tail’s filters', () => {
  const base = {
    id: 1,
    seq: 1,
    alarmId: null,
    userName: 'Julien Moreau',
    comment: 'Checked on site',
    ts: 0,
    message: { en: 'Main gate: door opened', fr: 'Main gate : porte ouverte', fa: 'در باز شد', ar: 'فُتح الباب' },
  };
  const door = { ...base, siteId: 'es-tarifa', deviceId: 'es-tarifa.gate1', type: 'door', severity: 'info' } as const;
  const signIn = { ...base, siteId: null, deviceId: null, type: 'sign_in', severity: 'info' } as const;
  const view = (query: string) => parseView(new URLSearchParams(query), spec);

  it('matches sites, devices, types and severities like the server', () => {
    expect(eventFilter(view('sites=es-tarifa'), 'en')(door)).toBe(true);
    expect(eventFilter(view('sites=es-tarifa'), 'en')(signIn)).toBe(false);
    expect(eventFilter(view('devices=es-tarifa.gate2'), 'en')(door)).toBe(false);
    expect(eventFilter(view('types=motion,door&priorities=info'), 'en')(door)).toBe(true);
    expect(eventFilter(view('priorities=critical'), 'en')(door)).toBe(false);
  });

  it('finds text in the message of the reader’s language, the user and the comment', () => {
    expect(eventFilter(view('q=PORTE'), 'fr')(door)).toBe(true);
    expect(eventFilter(view('q=porte'), 'en')(door)).toBe(false);
    expect(eventFilter(view('q=moreau'), 'en')(door)).toBe(true);
    expect(eventFilter(view('q=on site'), 'en')(door)).toBe(true);
  });

  it('leaves sign-ins out unless they are asked for or named in the types filter', () => {
    const hiding = { signIns: false };
    expect(eventFilter(view(''), 'en', hiding)(signIn)).toBe(false);
    expect(eventFilter(view(''), 'en', hiding)(door)).toBe(true);
    expect(eventFilter(view('types=sign_in'), 'en', hiding)(signIn)).toBe(true);
    expect(eventFilter(view(''), 'en', { signIns: true })(signIn)).toBe(true);
  });
});
