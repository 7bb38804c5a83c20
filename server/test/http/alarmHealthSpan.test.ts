// GET /api/analysis/alarm-health answers one count per 10 minutes of its span: a ten-year span was an
// 8.4 MB answer. The span is capped at the analysis page's longest range, with a 400 naming the limit.
import { ALARM_HEALTH_MAX_DAYS } from '@voltscope/shared/contracts/analysis';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

const hub = hubForTests({ signIn: ['admin'] });
const DAY = 86_400_000;
const health = (from: number, to: number) =>
  hub.server.request('GET', `/api/analysis/alarm-health?from=${from}&to=${to}`, { token: hub.tokens.admin });

describe('the span of GET /api/analysis/alarm-health', () => {
  it('refuses a ten-year span with a 400 naming the limit', async () => {
    const to = Date.now();
    const response = await health(to - 3650 * DAY, to);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({
      code: 'VALIDATION',
      message: `The span of alarm health is at most ${ALARM_HEALTH_MAX_DAYS} days`,
    });
    expect(body.errors.to).toEqual([`must be at most ${ALARM_HEALTH_MAX_DAYS} days after from`]);
  });

  it('answers the analysis page’s longest range, a year of days in any time zone', async () => {
    const to = Date.now();
    const response = await health(to - 366 * DAY - 3_600_000, to);
    expect(response.status).toBe(200);
    expect((await response.json()).per10Min.counts.length).toBeGreaterThan(366 * 144);
  });

  it('answers exactly the limit and refuses one millisecond more', async () => {
    const to = Date.now();
    expect((await health(to - ALARM_HEALTH_MAX_DAYS * DAY, to)).status).toBe(200);
    expect((await health(to - ALARM_HEALTH_MAX_DAYS * DAY - 1, to)).status).toBe(400);
  });
});
