import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on its embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      demo: true,
      sessionTtlSeconds: 43_200,
      scryptLog2N: 17,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names Redis channels after the store, so that deployments sharing one Redis keep apart', () => {
    const prefix = (env: Record<string, string>) => loadConfig(env).cluster.redisPrefix;
    const a = { DATABASE_URL: 'postgres://hub@db1:5432/plant_a', REDIS_URL: 'redis://cache:6379' };
    expect(prefix(a)).toBe('voltscope:db1:5432/plant_a');
    expect(prefix({ ...a, DATABASE_URL: 'postgres://hub@db1/plant_b' })).toBe('voltscope:db1:5432/plant_b');
    expect(prefix({ ...a, DATABASE_SCHEMA: 'north' })).toBe('voltscope:db1:5432/plant_a/north');
    expect(prefix({ ...a, REDIS_PREFIX: 'fleet-1' })).toBe('fleet-1');
    expect(prefix({})).toBe('voltscope');
  });

  it('reads durations with units', () => {
    expect(loadConfig({ SESSION_TTL: '30m', REMEMBER_TTL: '7d' })).toMatchObject({
      sessionTtlSeconds: 1800,
      rememberTtlSeconds: 604_800,
    });
  });

  it('reads the simulator period in ms or seconds, from 100 ms', () => {
    expect(loadConfig({}).simulator.periodMs).toBe(1000);
    expect(loadConfig({ SIM_PERIOD: '100ms' }).simulator.periodMs).toBe(100);
    expect(loadConfig({ SIM_PERIOD: '0.5s' }).simulator.periodMs).toBe(500);
    expect(loadConfig({ SIM_PERIOD: '2' }).simulator.periodMs).toBe(2000);
    expect(() => loadConfig({ SIM_PERIOD: '10ms' })).toThrow('SIM_PERIOD="10ms": expected a period from 100ms to 60s');
  });

  it('reads the session idle timeout in seconds, a day by default', () => {
    expect(loadConfig({}).sessionIdleSeconds).toBe(86_400);
    expect(loadConfig({ SESSION_IDLE_SECONDS: '1800' }).sessionIdleSeconds).toBe(1800);
    expect(() => loadConfig({ SESSION_IDLE_SECONDS: '30m' })).toThrow('SESSION_IDLE_SECONDS="30m"');
  });

  it('keeps the demo passwords to loopback clients unless DEMO_PASSWORDS_PUBLIC says otherwise', () => {
    expect(loadConfig({}).demoPasswordsPublic).toBe(false);
    expect(loadConfig({ DEMO_PASSWORDS_PUBLIC: 'true' }).demoPasswordsPublic).toBe(true);
  });

  it('reads the host names the hub answers to, in lower case', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Wall.Example.com, scada.local ' }).allowedHosts).toEqual([
      'wall.example.com',
      'scada.local',
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://wall.example.com' })).toThrow(
      'ALLOWED_HOSTS: "https://wall.example.com" is not a host name such as wall.example.com',
    );
  });

  it('reads how late a sample may come and still raise an alarm, in seconds', () => {
    expect(loadConfig({}).alarms.lateSampleMs).toBe(900_000);
    expect(loadConfig({ ALARM_LATE_SAMPLE_SECONDS: '60' }).alarms.lateSampleMs).toBe(60_000);
    expect(() => loadConfig({ ALARM_LATE_SAMPLE_SECONDS: '15m' })).toThrow(
      'ALARM_LATE_SAMPLE_SECONDS="15m": expected a whole number',
    );
  });

  it('refuses webhooks into private networks unless WEBHOOK_ALLOW_PRIVATE says otherwise', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
  });

  it('refuses a drop limit at or under the slow limit', () => {
    expect(() => loadConfig({ SLOW_SOCKET_BYTES: '65536', DROP_SOCKET_BYTES: '65536' })).toThrow(
      /DROP_SOCKET_BYTES must be larger than SLOW_SOCKET_BYTES/,
    );
  });

  it('reads the live socket limits', () => {
    expect(loadConfig({}).live).toMatchObject({
      bulkBytes: 8 * 1024 * 1024,
      maxSitesPerSocket: 100,
      maxSitesPerUser: 10_000,
      socketEventsPerSecond: 10,
      socketEventBurst: 100,
    });
    expect(
      loadConfig({
        BULK_SOCKET_BYTES: '65536',
        LIVE_SITES_PER_SOCKET: '5',
        LIVE_SITES_PER_USER: '8',
        SOCKET_EVENTS_PER_SECOND: '0.5',
        SOCKET_EVENT_BURST: '20',
      }).live,
    ).toMatchObject({
      bulkBytes: 65536,
      maxSitesPerSocket: 5,
      maxSitesPerUser: 8,
      socketEventsPerSecond: 0.5,
      socketEventBurst: 20,
    });
    expect(() => loadConfig({ LIVE_SITES_PER_SOCKET: '0' })).toThrow(/LIVE_SITES_PER_SOCKET="0"/);
  });

  it('reads the request budgets per minute, which cannot be switched off', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      userPerMinute: 3000,
      addressPerMinute: 600,
      signInPerMinute: 30,
      forgotPasswordPerMinute: 10,
      ingestPerMinute: 6000,
    });
    expect(loadConfig({ RATE_LIMIT_USER_PER_MINUTE: '1000000' }).rateLimit.userPerMinute).toBe(1_000_000);
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_SIGN_IN_PER_MINUTE="0"/);
  });

  it('sheds load past a second of event-loop lag by default, and cannot be switched off', () => {
    expect(loadConfig({}).maxEventLoopDelayMs).toBe(1000);
    expect(loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '250' }).maxEventLoopDelayMs).toBe(250);
    expect(() => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '0' })).toThrow(/MAX_EVENT_LOOP_DELAY_MS="0"/);
  });

  it('draws simulated cameras at 640×360 and 5 frames a second unless told otherwise, within bounds', () => {
    expect(loadConfig({}).cctv).toEqual({ width: 640, height: 360, fps: 5, encoderThreads: 2 });
    expect(loadConfig({ CCTV_WIDTH: '320', CCTV_HEIGHT: '180', CCTV_FPS: '0.5' }).cctv).toMatchObject({
      width: 320,
      height: 180,
      fps: 0.5,
    });
    expect(() => loadConfig({ CCTV_WIDTH: '100' })).toThrow(/CCTV_WIDTH="100"/);
    expect(() => loadConfig({ CCTV_FPS: '60' })).toThrow(/CCTV_FPS="60"/);
  });

  it('names every bad variable, what it got and what it expects, in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DEMO: 'maybe', SMTP_URL: 'mail.example.com', DEMO_: '' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT="eighty": expected a whole number from 0 to 65535',
      'DEMO="maybe": expected true or false',
      'SMTP_URL="mail.example.com": expected a URL starting with smtp: or smtps://',
    ]);
  });

  it('needs a first administrator outside demo mode', () => {
    expect(() => loadConfig({ DEMO: 'false' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(loadConfig({ DEMO: 'false', ADMIN_EMAIL: 'Ops@Plant.io', ADMIN_PASSWORD: 'Strong#Pass1' }).adminEmail).toBe(
      'ops@plant.io',
    );
  });
});
