// Configuration is read once at boot from environment variables into one typed object. A bad value
// stops the process with a message naming the variable, what it got and what it expects.
// One file over 400 lines on purpose: it is the table of every variable the hub reads (the README's
// Configuration section follows it line by line), and a reader looks a variable up in one place.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Nodes that share a store are one deployment: by default their Redis channels are named after that store
 * (host, port, database and schema), so that two deployments sharing one Redis never take each other's
 * samples or alarm calls, and nodes on one store always find each other.
 */
export function defaultRedisPrefix(databaseUrl: string | undefined, schema: string | undefined): string {
  if (!databaseUrl) return 'voltscope';
  try {
    const url = new URL(databaseUrl);
    const store = `${url.hostname}:${url.port || 5432}/${decodeURIComponent(url.pathname.slice(1))}`;
    return `voltscope:${store}${schema?.trim() ? `/${schema.trim()}` : ''}`;
  } catch {
    return 'voltscope';
  }
}

export interface Config {
  host: string;
  port: number;
  /** Where the SQLite file lives. */
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Demo mode seeds the demo fleet's sites and one account per role. */
  demo: boolean;
  /** In demo mode, give the demo passwords to any client, not only to loopback ones (a public demo). */
  demoPasswordsPublic: boolean;
  /** Outside demo mode, the first admin (created once when no admin exists). */
  adminEmail: string | null;
  adminPassword: string | null;
  clientDist: string;
  /** The address users reach the app at; used in links sent by mail. */
  publicUrl: string;
  /** Browser origins allowed besides the app's own host. */
  allowedOrigins: string[];
  /** Host names the hub answers to besides PUBLIC_URL's, loopback names and IP addresses. */
  allowedHosts: string[];
  trustProxy: boolean;
  /** Session lifetimes in seconds: without and with "remember me". */
  sessionTtlSeconds: number;
  rememberTtlSeconds: number;
  /** A session unused this long ends before its lifetime (an open live socket counts as use). */
  sessionIdleSeconds: number;
  /** scrypt cost as log2(N): 17 in production (about 0.3 s a hash here); tests lower it. */
  scryptLog2N: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** A password-reset link's lifetime in seconds. */
  resetTtlSeconds: number;
  /** An invitation link's lifetime in seconds. */
  inviteTtlSeconds: number;
  /** Roles whose users must sign in with a second factor (TOTP); `admin` by default outside demo mode. */
  mfaRequiredRoles: string[];
  /** The issuer name authenticator apps show beside the account. */
  mfaIssuer: string;
  /** How long audit entries are kept, in seconds; null keeps them for ever. */
  auditRetentionSeconds: number | null;
  /** PostgreSQL instead of the embedded SQLite file when set. */
  databaseUrl: string | null;
  /** The PostgreSQL schema to use (created when missing); the server's default when null. */
  databaseSchema: string | null;
  /** PostgreSQL connections this node holds at most, and the longest a statement may run (ms; 0: no limit). */
  databasePoolMax: number;
  databaseStatementTimeoutMs: number;
  /**
   * Several hub nodes (issue 22). Unset, the hub runs alone exactly as it always has: it is its own leader
   * and its Socket.IO rooms live in its process.
   */
  cluster: {
    /** This node's name in logs, metrics and the leader lease (NODE_ID; the host name and process id by default). */
    nodeId: string;
    /** Redis for Socket.IO across nodes and the live samples every node fans out (REDIS_URL). */
    redisUrl: string | null;
    /** What this deployment's Redis keys and channels start with (REDIS_PREFIX): several hubs may share one Redis. */
    redisPrefix: string;
    /** How long a leader's lease lasts without renewal (ms): another node takes over within it. */
    leaderLeaseMs: number;
  };
  mqtt: {
    /** The broker the hub takes telemetry from (MQTT_URL, mqtt:// or mqtts://); no MQTT ingest when null. */
    url: string | null;
    /** The shared-subscription group: each message reaches one node of the group. */
    shareGroup: string;
    /** The first level of every ingest topic (MQTT_TOPIC_PREFIX, `voltscope`): `<prefix>/<site>/...`. */
    topicPrefix: string;
    /** The hub's own credentials at the broker. */
    username: string | null;
    password: string | null;
  };
  simulator: {
    enabled: boolean;
    seed: number;
    /** Simulated seconds per wall-clock second. */
    warp: number;
    /** Multiplies every fault rate; 0 switches faults off. */
    faultRate: number;
    /** Simulated time between two samples of a series, in ms (100 to 60,000). */
    periodMs: number;
    /** Days of history the simulator fills on a first start (an empty store). */
    backfillDays: number;
    /** Sampling step of that history, in seconds. */
    backfillStepSeconds: number;
  };
  /** How the simulator's samples reach the ingest: directly, or published to MQTT_URL like a data logger. */
  simulatorTransport: 'direct' | 'mqtt';
  /** How long each resolution is kept, in seconds; null keeps it for ever. */
  retentionSeconds: { raw: number | null; minute: number | null; hour: number | null };
  /** Largest ingest request body, in bytes. */
  ingestMaxBytes: number;
  /** Longest line of an NDJSON ingest body, in bytes. */
  ingestMaxLineBytes: number;
  /** Samples waiting for the store's commit past which the ingest answers 503 (a store slower than the ingest). */
  ingestMaxPendingSamples: number;
  /** How often rollups catch up with new samples, in seconds. */
  rollupIntervalSeconds: number;
  /** When set, GET /metrics asks for `Authorization: Bearer <metricsToken>`. */
  metricsToken: string | null;
  /** Webhooks may target loopback, link-local and private addresses (WEBHOOK_ALLOW_PRIVATE; off by default). */
  webhookAllowPrivate: boolean;
  /**
   * Request budgets per minute (@fastify/rate-limit): a signed-in user over the whole API, an anonymous
   * address, an address's sign-ins and forgot-password calls, a data logger's ingest key. Never off.
   */
  /** Past this mean event-loop lag the API answers 503 (load shedding); health keeps answering. */
  maxEventLoopDelayMs: number;
  rateLimit: {
    userPerMinute: number;
    addressPerMinute: number;
    signInPerMinute: number;
    forgotPasswordPerMinute: number;
    ingestPerMinute: number;
  };
  live: {
    /** The fan-out window: samples of a site are sent as one frame this often (ms). */
    frameMs: number;
    /** Samples each series keeps in the hub's ring (600 is 10 minutes at one a second). */
    ringSamples: number;
    /** How far back a snapshot on subscribe reaches for trend series (ms). */
    snapshotMs: number;
    /** How long sent frames are kept for a reconnecting client to resume (ms). */
    resumeMs: number;
    /** Largest snapshot of one site, in bytes: past it, trend series are thinned to fit. */
    snapshotMaxBytes: number;
    /** Bytes a socket may leave unwritten before it is skipped, and before it is disconnected as too slow. */
    slowBytes: number;
    dropBytes: number;
    /** Snapshot and replay bytes a socket may leave unwritten besides that before it is disconnected. */
    bulkBytes: number;
    /** Sites one socket, and one user over all their sockets, may follow at once. */
    maxSitesPerSocket: number;
    maxSitesPerUser: number;
    /** Events one socket may send: a steady rate per second, and a burst above it. */
    socketEventsPerSecond: number;
    socketEventBurst: number;
  };
  alarms: {
    /** The longest an operator may shelve an alarm (ms); ISA-18.2 asks for a limit. */
    maxShelveMs: number;
    /** A sample older than this when it arrives is stored but raises no alarm (ALARM_LATE_SAMPLE_SECONDS). */
    lateSampleMs: number;
    /** The first webhook retry waits this long (ms), each next one twice as long. */
    webhookRetryMs: number;
    /** Alarm-system health targets (ISA-18.2 / EEMUA 191). */
    floodPer10Min: number;
    chatterPerMinute: number;
    standingHours: number;
    manageablePer10Min: number;
  };
  analysis: {
    /** How often the daily KPIs of today and yesterday are recomputed (ms). */
    intervalMs: number;
    /** Days the first run computes (history already in the store). */
    days: number;
  };
  cctv: {
    /** A simulated camera's picture size and frame rate, unless its settings say otherwise. */
    width: number;
    height: number;
    fps: number;
    /** Worker threads that draw and encode simulated cameras' frames (0: on the event loop). */
    encoderThreads: number;
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DURATION = /^(\d+)\s*(s|m|h|d)?$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;
const MILLISECONDS = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/;

/** Parses the environment; collects every problem before failing so one run shows them all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string, fallback: string): string => env[name]?.trim() || fallback;

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };

  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name}=${JSON.stringify(env[name])}: expected true or false`);
    return fallback;
  };

  const duration = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const match = DURATION.exec(raw);
    const amount = Number(match?.[1]);
    if (!match || amount <= 0) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected a duration such as 900, 30m, 12h or 30d`);
      return fallback;
    }
    return amount * UNIT_SECONDS[(match[2] ?? 's') as keyof typeof UNIT_SECONDS];
  };

  /** A short period in ms, written as `100ms`, `0.5s` or `2` (seconds). */
  const millis = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const match = MILLISECONDS.exec(raw);
    const value = Math.round(Number(match?.[1]) * (match?.[2] === 'ms' ? 1 : 1000));
    if (!match || value < min || value > max) {
      problems.push(
        `${name}=${JSON.stringify(raw)}: expected a period from ${min}ms to ${max / 1000}s, such as 100ms or 1s`,
      );
      return fallback;
    }
    return value;
  };

  const number = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected a number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };

  const retention = (name: string, fallback: number | null): number | null =>
    env[name]?.trim().toLowerCase() === 'forever' ? null : duration(name, fallback ?? 0) || null;

  const url = (name: string, fallback: string | null, protocols: string[]): string | null => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return raw.replace(/\/$/, '');
    } catch {}
    problems.push(`${name}=${JSON.stringify(raw)}: expected a URL starting with ${protocols.join(' or ')}//`);
    return fallback;
  };

  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST', '0.0.0.0');
  const logLevel = str('LOG_LEVEL', 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)}: expected one of ${LOG_LEVELS.join(', ')}`);
  }
  const demo = bool('DEMO', true);
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (!demo && (!adminEmail || !adminPassword)) {
    problems.push('DEMO=false needs ADMIN_EMAIL and ADMIN_PASSWORD for the first administrator');
  }
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      problems.push(`ALLOWED_ORIGINS: ${JSON.stringify(origin)} is not an origin such as https://wall.example.com`);
    }
  }
  const allowedHosts = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of allowedHosts) {
    if (!/^[a-z0-9.-]+$/.test(host)) {
      problems.push(`ALLOWED_HOSTS: ${JSON.stringify(host)} is not a host name such as wall.example.com`);
    }
  }
  const config: Config = {
    host,
    port,
    dataDir: path.resolve(str('DATA_DIR', path.join(repoRoot, 'data'))),
    logLevel,
    demo,
    demoPasswordsPublic: bool('DEMO_PASSWORDS_PUBLIC', false),
    adminEmail,
    adminPassword,
    clientDist: path.resolve(str('CLIENT_DIST', path.join(repoRoot, 'client/dist'))),
    publicUrl: url('PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']) as string,
    allowedOrigins,
    allowedHosts,
    trustProxy: bool('TRUST_PROXY', false),
    sessionTtlSeconds: duration('SESSION_TTL', 12 * 3600),
    rememberTtlSeconds: duration('REMEMBER_TTL', 30 * 86400),
    sessionIdleSeconds: int('SESSION_IDLE_SECONDS', 86400, 60, 365 * 86400),
    scryptLog2N: int('SCRYPT_LOG2N', 17, 10, 20),
    smtpUrl: url('SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM', 'Voltscope <no-reply@voltscope.local>'),
    resetTtlSeconds: duration('RESET_TTL', 30 * 60),
    inviteTtlSeconds: duration('INVITE_TTL', 7 * 86400),
    mfaRequiredRoles: (env.MFA_REQUIRED_ROLES ?? (demo ? '' : 'admin'))
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    mfaIssuer: str('MFA_ISSUER', 'Voltscope'),
    auditRetentionSeconds: retention('AUDIT_RETENTION', 2 * 365 * 86400),
    databaseUrl: url('DATABASE_URL', null, ['postgres:', 'postgresql:']),
    databaseSchema: env.DATABASE_SCHEMA?.trim() || null,
    databasePoolMax: int('DATABASE_POOL_MAX', 10, 1, 1000),
    databaseStatementTimeoutMs: int('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    cluster: {
      nodeId: str('NODE_ID', `${os.hostname()}-${process.pid}`),
      redisUrl: url('REDIS_URL', null, ['redis:', 'rediss:']),
      redisPrefix: str('REDIS_PREFIX', defaultRedisPrefix(env.DATABASE_URL, env.DATABASE_SCHEMA)),
      leaderLeaseMs: int('LEADER_LEASE_MS', 5000, 1000, 600_000),
    },
    mqtt: {
      url: url('MQTT_URL', null, ['mqtt:', 'mqtts:']),
      shareGroup: str('MQTT_SHARE_GROUP', 'hub'),
      topicPrefix: str('MQTT_TOPIC_PREFIX', 'voltscope'),
      username: env.MQTT_USERNAME || null,
      password: env.MQTT_PASSWORD || null,
    },
    simulator: {
      enabled: bool('SIMULATOR', demo),
      seed: int('SIM_SEED', 1, 0, 2 ** 31),
      warp: int('SIM_WARP', 1, 1, 1000),
      faultRate: number('SIM_FAULT_RATE', 1, 0, 100_000),
      periodMs: millis('SIM_PERIOD', 1000, 100, 60_000),
      backfillDays: int('BACKFILL_DAYS', demo ? 30 : 0, 0, 3650),
      backfillStepSeconds: duration('BACKFILL_STEP', 15 * 60),
    },
    simulatorTransport: str('SIM_TRANSPORT', 'direct') as Config['simulatorTransport'],
    retentionSeconds: {
      raw: retention('RETENTION_RAW', 30 * 86400),
      minute: retention('RETENTION_1M', 730 * 86400),
      hour: env.RETENTION_1H ? retention('RETENTION_1H', null) : null,
    },
    ingestMaxBytes: int('INGEST_MAX_BYTES', 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    ingestMaxLineBytes: int('INGEST_MAX_LINE_BYTES', 64 * 1024, 256, 64 * 1024 * 1024),
    ingestMaxPendingSamples: int('INGEST_MAX_PENDING_SAMPLES', 1_000_000, 1000, 1_000_000_000),
    rollupIntervalSeconds: duration('ROLLUP_INTERVAL', 2),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
    maxEventLoopDelayMs: int('MAX_EVENT_LOOP_DELAY_MS', 1000, 1, 3_600_000),
    rateLimit: {
      userPerMinute: int('RATE_LIMIT_USER_PER_MINUTE', 3000, 1, 1_000_000_000),
      addressPerMinute: int('RATE_LIMIT_ADDRESS_PER_MINUTE', 600, 1, 1_000_000_000),
      signInPerMinute: int('RATE_LIMIT_SIGN_IN_PER_MINUTE', 30, 1, 1_000_000_000),
      forgotPasswordPerMinute: int('RATE_LIMIT_FORGOT_PASSWORD_PER_MINUTE', 10, 1, 1_000_000_000),
      ingestPerMinute: int('RATE_LIMIT_INGEST_PER_MINUTE', 6000, 1, 1_000_000_000),
    },
    live: {
      frameMs: int('FRAME_MS', 100, 10, 5000),
      ringSamples: int('RING_SAMPLES', 600, 10, 100_000),
      snapshotMs: duration('SNAPSHOT_WINDOW', 5 * 60) * 1000,
      resumeMs: duration('RESUME_WINDOW', 60) * 1000,
      snapshotMaxBytes: int('SNAPSHOT_MAX_BYTES', 256 * 1024, 4096, 64 * 1024 * 1024),
      slowBytes: int('SLOW_SOCKET_BYTES', 256 * 1024, 1024, 1024 * 1024 * 1024),
      dropBytes: int('DROP_SOCKET_BYTES', 4 * 1024 * 1024, 4096, 1024 * 1024 * 1024),
      bulkBytes: int('BULK_SOCKET_BYTES', 8 * 1024 * 1024, 4096, 1024 * 1024 * 1024),
      maxSitesPerSocket: int('LIVE_SITES_PER_SOCKET', 100, 1, 100_000),
      maxSitesPerUser: int('LIVE_SITES_PER_USER', 10_000, 1, 1_000_000),
      socketEventsPerSecond: number('SOCKET_EVENTS_PER_SECOND', 10, 0.1, 100_000),
      socketEventBurst: int('SOCKET_EVENT_BURST', 100, 1, 1_000_000),
    },
    alarms: {
      maxShelveMs: duration('ALARM_MAX_SHELVE', 8 * 3600) * 1000,
      lateSampleMs: int('ALARM_LATE_SAMPLE_SECONDS', 900, 1, 366 * 86400) * 1000,
      webhookRetryMs: int('WEBHOOK_RETRY_MS', 1000, 10, 3_600_000),
      floodPer10Min: int('ALARM_FLOOD_PER_10MIN', 10, 1, 100_000),
      chatterPerMinute: int('ALARM_CHATTER_PER_MIN', 3, 2, 1000),
      standingHours: int('ALARM_STANDING_HOURS', 24, 1, 24 * 365),
      manageablePer10Min: int('ALARM_MANAGEABLE_PER_10MIN', 1, 1, 1000),
    },
    analysis: {
      intervalMs: duration('ANALYSIS_INTERVAL', 15 * 60) * 1000,
      days: int('ANALYSIS_DAYS', 31, 1, 3660),
    },
    cctv: {
      width: int('CCTV_WIDTH', 640, 160, 1920),
      height: int('CCTV_HEIGHT', 360, 90, 1080),
      fps: number('CCTV_FPS', 5, 0.2, 30),
      encoderThreads: int('CCTV_ENCODER_THREADS', 2, 0, 64),
    },
  };
  if (config.live.dropBytes <= config.live.slowBytes) {
    problems.push('DROP_SOCKET_BYTES must be larger than SLOW_SOCKET_BYTES (a socket is skipped before it is dropped)');
  }
  if (config.databaseSchema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(config.databaseSchema)) {
    problems.push(`DATABASE_SCHEMA=${JSON.stringify(config.databaseSchema)}: expected a lower-case SQL name`);
  }
  if (!['direct', 'mqtt'].includes(config.simulatorTransport)) {
    problems.push(`SIM_TRANSPORT=${JSON.stringify(config.simulatorTransport)}: expected direct or mqtt`);
  } else if (config.simulatorTransport === 'mqtt' && !config.mqtt.url) {
    problems.push('SIM_TRANSPORT=mqtt needs MQTT_URL (the broker the simulator publishes to)');
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(config.mqtt.shareGroup)) {
    problems.push(`MQTT_SHARE_GROUP=${JSON.stringify(config.mqtt.shareGroup)}: expected letters, digits, - or _`);
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(config.mqtt.topicPrefix)) {
    problems.push(`MQTT_TOPIC_PREFIX=${JSON.stringify(config.mqtt.topicPrefix)}: expected letters, digits, - or _`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
