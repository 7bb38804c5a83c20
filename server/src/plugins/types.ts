// What buildApp adds to Fastify's types: the services every route reaches, the session of a signed-in
// request, and the route options that say who may call it.
import type { Action, SubjectName } from '@voltscope/shared/abilities';
import type { AlarmEngine } from '../alarms/engine.ts';
import type { Mailer } from '../auth/mailer.ts';
import type { HashGate } from '../auth/passwords.ts';
import type { Session, Sessions } from '../auth/sessions.ts';
import type { FailureThrottle } from '../auth/throttle.ts';
import type { Config } from '../config.ts';
import type { Registry } from '../fleet/registry.ts';
import type { Ingest } from '../ingest/pipeline.ts';
import type { LatestValues } from '../live/latest.ts';
import type { Fanout } from '../realtime/fanout.ts';
import type { Io } from '../realtime/types.ts';
import type { Db } from '../store/db.ts';
import type { TelemetryStore } from '../store/telemetry/types.ts';

export interface Services {
  config: Config;
  db: Db;
  telemetry: TelemetryStore;
  /** Set by the telemetry plugin: the fleet registry, the newest value per series, the ingest pipeline. */
  registry: Registry;
  latest: LatestValues;
  ingest: Ingest;
  /** Set by the alarms routes: rules, the ISA-18.2 lifecycle, events. */
  alarms: AlarmEngine;
  sessions: Sessions;
  hashGate: HashGate;
  throttles: { account: FailureThrottle; address: FailureThrottle };
  mailer: Mailer | null;
  /** A stored hash of a random password: unknown users are checked against it so they cost the same. */
  decoyHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    io: Io;
    fanout: Fanout;
  }
  interface FastifyRequest {
    /** The caller's session; set on every route that is not public. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** The action and subject type the caller's abilities must allow (conditions are checked per object). */
    can?: readonly [Action, SubjectName];
    /** The form field that shows an error of this route (the login form shows them at `email`). */
    errorField?: string;
  }
}
