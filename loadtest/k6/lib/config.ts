// Settings of the k6 scripts, from `k6 run -e NAME=value` or the environment (k6's __ENV), read once at
// init. The defaults reach a demo hub on this machine.

/** A setting as text, or `fallback` when unset or empty. */
export function setting(name: string, fallback: string): string {
  return __ENV[name] || fallback;
}

/** A numeric setting; a value that is not a number stops the script at init rather than load nothing. */
export function numberSetting(name: string, fallback: number): number {
  const raw = __ENV[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, not ${JSON.stringify(raw)}`);
  return value;
}

/**
 * A scenario that starts `RATE` iterations a second (default `rate`) for `DURATION` (default a minute),
 * whatever the hub's answer times, with VUs enough to keep up: the open model for request scripts.
 */
export function arrivalScenario(rate: number, vus: { preAllocated: number; max: number }) {
  return {
    executor: 'constant-arrival-rate',
    rate: numberSetting('RATE', rate),
    timeUnit: '1s',
    duration: setting('DURATION', '1m'),
    preAllocatedVUs: vus.preAllocated,
    maxVUs: vus.max,
  } as const;
}

export const baseUrl = setting('BASE_URL', 'http://localhost:3000').replace(/\/+$/, '');

/** Socket.IO's endpoint, straight on the WebSocket transport (Engine.IO v4), skipping long-polling. */
export const socketUrl = `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;

export const account = {
  email: setting('EMAIL', 'admin@voltscope.io'),
  password: setting('PASSWORD', 'Volt!Admin1'),
};

/** The sites the history and live scripts read, comma-separated in SITES. */
export const sites = setting('SITES', 'es-tarifa,fr-occitanie')
  .split(',')
  .map((id) => id.trim())
  .filter((id) => id !== '');
