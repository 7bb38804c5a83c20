// The soak's operator on shift: a wall in a control room runs beside people who acknowledge what it
// shows. Once a minute they acknowledge every alarm that was already waiting at their previous round, so
// an alarm stays unacknowledged on the wall for one to two minutes, and returned alarms leave the list
// once acknowledged (ISA-18.2), as on a staffed shift. Without them (`--no-operator`) the list only grows
// over simulated days, and the wall's DOM with it: a measure of the alarm load, not of the wall.
import type { Alarm } from '@voltscope/shared/alarms';
import { MAX_SELECTION } from '@voltscope/shared/contracts/alarms';

const OPERATOR = { email: 'operator@voltscope.io', password: 'Volt!Oper1' };
const ROUND_MS = 60_000;

export interface SoakOperator {
  /** Alarms acknowledged so far. */
  acknowledged(): number;
  stop(): void;
}

/** JSON to and from the hub, with a bearer token when given; throws on a refusal. */
export async function call<T>(url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const reply = await fetch(url, { ...init, headers });
  if (!reply.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** Starts the rounds on the hub at `hub` (its own address, not the wall's proxy). */
export function startOperator(hub: string): SoakOperator {
  let stopped = false;
  let count = 0;
  let waiting = new Set<number>();
  const round = async () => {
    // A round during a hub restart fails; the next one makes up for it.
    try {
      const { accessToken } = await call<{ accessToken: string }>(`${hub}/api/auth/login`, {
        method: 'POST',
        body: JSON.stringify(OPERATOR),
      });
      const active = await call<Alarm[]>(`${hub}/api/alarms/active`, {}, accessToken);
      const open = active.filter((a) => a.state === 'unacknowledged' || a.state === 'rtn_unacknowledged');
      const due = open.filter((a) => waiting.has(a.id)).map((a) => a.id);
      for (let i = 0; i < due.length; i += MAX_SELECTION) {
        await call(
          `${hub}/api/alarms/acknowledge`,
          { method: 'POST', body: JSON.stringify({ ids: due.slice(i, i + MAX_SELECTION), comment: 'soak shift' }) },
          accessToken,
        );
      }
      count += due.length;
      waiting = new Set(open.filter((a) => !due.includes(a.id)).map((a) => a.id));
    } catch {
      // The hub is restarting: keep what was waiting.
    }
  };
  const timer = setInterval(() => {
    if (!stopped) void round();
  }, ROUND_MS);
  return {
    acknowledged: () => count,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
