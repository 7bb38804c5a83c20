// Alarm notifications: a webhook per set of priorities, POSTed as JSON with an HMAC-SHA256 signature of
// the body, retried with exponential backoff, every attempt's outcome kept and visible to admins. A
// flood (more than FLOOD_ALARMS new alarms in FLOOD_WINDOW_MS at one site) is one notification, not
// many. Deliveries are written before they are tried, so a restart resumes the pending ones. None goes
// to a loopback, link-local or private address unless allowed (webhookTarget.ts). An alarm's notice
// carries its rule's rationale (ISA-18.2): cause, consequence, corrective action and response time.
import { createHmac, randomBytes } from 'node:crypto';
import type { Alarm, AlarmPriority, Delivery, Webhook } from '@voltscope/shared/alarms';
import type { Db } from '../store/db.ts';
import type { AlarmChange, AlarmEngine } from './engine.ts';
import { post } from './webhookTarget.ts';

export const FLOOD_ALARMS = 10;
export const FLOOD_WINDOW_MS = 10 * 60_000;
const MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 5000;

interface WebhookRow {
  id: number;
  name: string;
  url: string;
  priorities: string;
  secret: string;
  enabled: number;
  created_at: number;
}

const toWebhook = (r: WebhookRow): Webhook => ({
  id: Number(r.id),
  name: r.name,
  url: r.url,
  priorities: JSON.parse(r.priorities) as AlarmPriority[],
  enabled: Boolean(r.enabled),
  createdAt: Number(r.created_at),
});

/** The signature a receiver recomputes with the webhook's secret: `sha256=<hex of HMAC(secret, body)>`. */
export const signature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Waits before attempt n (1-based): 1 s, 2 s, 4 s... scaled by `baseMs`. */
const backoff = (attempt: number, baseMs: number) => baseMs * 2 ** (attempt - 1);

export class Notifier {
  readonly #db: Db;
  readonly #baseMs: number;
  readonly #allowInternal: boolean;
  /** Per site, the times of recent raises and when the last flood notice went out. */
  readonly #recent = new Map<string, { raises: number[]; floodSentAt: number | null }>();
  #running = false;
  #stopped = false;

  constructor(db: Db, options: { retryBaseMs?: number; allowInternal?: boolean } = {}) {
    this.#db = db;
    this.#baseMs = options.retryBaseMs ?? 1000;
    this.#allowInternal = options.allowInternal ?? false;
  }

  /** How often pending retries should be looked at (the hub scheduler calls `deliverDue`). */
  get retryCheckMs(): number {
    return Math.min(1000, this.#baseMs);
  }

  /** The engine whose rules say an alarm's rationale. */
  #engine: AlarmEngine | null = null;

  attach(engine: AlarmEngine): void {
    this.#engine = engine;
    engine.on('change', (change) => {
      void this.#onChange(change).catch(() => {});
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
  }

  async create(input: {
    name: string;
    url: string;
    priorities: AlarmPriority[];
  }): Promise<Webhook & { secret: string }> {
    const secret = randomBytes(24).toString('base64url');
    const now = Date.now();
    this.#hooks = null;
    await this.#db.run(
      'INSERT INTO webhooks (name, url, priorities, secret, enabled, created_at) VALUES (?, ?, ?, ?, 1, ?)',
      [input.name, input.url, JSON.stringify(input.priorities), secret, now],
    );
    const row = await this.#db.get<WebhookRow>('SELECT * FROM webhooks WHERE secret = ?', [secret]);
    // The secret is shown once, at creation, like an ingest key.
    return { ...toWebhook(row as WebhookRow), secret };
  }

  /** Read once and kept until a webhook is added or removed: an alarm storm does not re-read it per alarm. */
  #hooks: Promise<Webhook[]> | null = null;

  list(): Promise<Webhook[]> {
    this.#hooks ??= this.#db.all<WebhookRow>('SELECT * FROM webhooks ORDER BY id').then((rows) => rows.map(toWebhook));
    return this.#hooks;
  }

  async remove(id: number): Promise<boolean> {
    this.#hooks = null;
    return (await this.#db.run('DELETE FROM webhooks WHERE id = ?', [id])).changes > 0;
  }

  async deliveries(webhookId: number, limit = 100): Promise<Delivery[]> {
    const rows = await this.#db.all<Record<string, unknown>>(
      'SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ?',
      [webhookId, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      webhookId: Number(r.webhook_id),
      siteId: (r.site_id as string | null) ?? null,
      alarmId: r.alarm_id === null ? null : Number(r.alarm_id),
      kind: r.kind as Delivery['kind'],
      status: r.status as Delivery['status'],
      attempts: Number(r.attempts),
      lastStatus: r.last_status === null ? null : Number(r.last_status),
      lastError: (r.last_error as string | null) ?? null,
      nextAttemptAt: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
      createdAt: Number(r.created_at),
      deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
    }));
  }

  async #onChange({ alarm, event }: AlarmChange): Promise<void> {
    // New alarms that an operator would be told of: not suppressed by design, not shelved.
    if (!alarm || event.type !== 'alarm_raised' || alarm.suppressed || alarm.shelvedUntil !== null) return;
    const now = event.ts;
    const site = this.#recent.get(alarm.siteId) ?? { raises: [], floodSentAt: null };
    this.#recent.set(alarm.siteId, site);
    // Raises come in time order: drop the old ones from the front (a storm's thousands are not re-filtered per raise).
    while (site.raises.length > 0 && (site.raises[0] as number) <= now - FLOOD_WINDOW_MS) site.raises.shift();
    site.raises.push(now);
    const flooding = site.raises.length > FLOOD_ALARMS;
    if (flooding && site.floodSentAt !== null && site.floodSentAt > now - FLOOD_WINDOW_MS) return;
    const hooks = (await this.list()).filter((h) => h.enabled);
    if (flooding) {
      site.floodSentAt = now;
      const payload = {
        kind: 'flood',
        siteId: alarm.siteId,
        alarms: site.raises.length,
        windowMinutes: FLOOD_WINDOW_MS / 60_000,
        at: now,
        message: `Alarm flood at ${alarm.siteId}: ${site.raises.length} new alarms in ${FLOOD_WINDOW_MS / 60_000} minutes`,
      };
      // A flood goes to every webhook: whatever priorities it follows, the operator must know.
      for (const hook of hooks) await this.#queue(hook.id, alarm.siteId, null, 'flood', payload, now);
    } else {
      const payload = { kind: 'alarm', alarm, event, rationale: this.#rationale(alarm) };
      for (const hook of hooks.filter((h) => h.priorities.includes(alarm.priority))) {
        await this.#queue(hook.id, alarm.siteId, alarm.id, 'alarm', payload, now);
      }
    }
    void this.deliverDue();
  }

  /**
   * What the operator is to do about `alarm`, from its rule as it is now: cause, consequence and
   * corrective action in every language, the allowed response time and the time it runs out.
   */
  #rationale(alarm: Alarm) {
    const rule = this.#engine?.rules().find((r) => r.id === alarm.ruleId);
    if (!rule) return null;
    const { name, cause, consequence, action, responseMinutes } = rule;
    return {
      rule: name,
      cause,
      consequence,
      action,
      responseMinutes,
      respondBy: alarm.raisedAt + responseMinutes * 60_000,
    };
  }

  async #queue(webhookId: number, siteId: string, alarmId: number | null, kind: string, payload: unknown, now: number) {
    await this.#db.run(
      `INSERT INTO webhook_deliveries (webhook_id, site_id, alarm_id, kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      [webhookId, siteId, alarmId, kind, JSON.stringify(payload), now, now],
    );
  }

  /** Tries every delivery that is due; one pass at a time. */
  async deliverDue(now = Date.now()): Promise<void> {
    if (this.#running || this.#stopped) return;
    this.#running = true;
    try {
      const due = await this.#db.all<{ id: number; webhook_id: number; payload: string; attempts: number }>(
        `SELECT id, webhook_id, payload, attempts FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT 100`,
        [now],
      );
      await Promise.all(due.map((d) => this.#attempt(d)));
    } finally {
      this.#running = false;
    }
  }

  async #attempt(delivery: { id: number; webhook_id: number; payload: string; attempts: number }): Promise<void> {
    const hook = await this.#db.get<WebhookRow>('SELECT * FROM webhooks WHERE id = ?', [delivery.webhook_id]);
    if (!hook) return;
    const attempt = Number(delivery.attempts) + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Voltscope-Webhook/1',
        'x-voltscope-delivery': String(delivery.id),
        'x-voltscope-signature': signature(hook.secret, delivery.payload),
      };
      status = await post(hook.url, headers, delivery.payload, {
        timeoutMs: TIMEOUT_MS,
        allowInternal: this.#allowInternal,
      });
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (e) {
      error = (e as Error).message.slice(0, 300);
    }
    const now = Date.now();
    if (error === null) {
      await this.#db.run(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = ?, last_status = ?, last_error = NULL,
           next_attempt_at = NULL, delivered_at = ? WHERE id = ?`,
        [attempt, status, now, delivery.id],
      );
      return;
    }
    const failed = attempt >= MAX_ATTEMPTS;
    await this.#db.run(
      `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status = ?, last_error = ?, next_attempt_at = ?
       WHERE id = ?`,
      [
        failed ? 'failed' : 'pending',
        attempt,
        status,
        error,
        failed ? null : now + backoff(attempt, this.#baseMs),
        delivery.id,
      ],
    );
  }
}
