// The cameras service: the registry (camera devices and their settings rows), one feed per camera that
// somebody watches, the tickets that let an <img> open a stream, streams ended the moment their session
// ends or loses the camera's site, and the picture kept when an alarm is raised on what a camera covers.

import { asSubject } from '@voltscope/shared/abilities';
import type { CameraSettings } from '@voltscope/shared/contracts/cameras';
import type { Device } from '@voltscope/shared/fleet';
import type { AlarmEngine } from '../alarms/engine.ts';
import type { Session, Sessions } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import { HttpError, notFound } from '../errors.ts';
import type { Registry } from '../fleet/registry.ts';
import type { HubLog } from '../hub.ts';
import type { LatestValues } from '../live/latest.ts';
import type { Db } from '../store/db.ts';
import { findDisplayByToken } from '../store/displays.ts';
import { getSite } from '../store/sites.ts';
import { findLiveToken } from '../store/tokens.ts';
import { findUserById } from '../store/users.ts';
import { FrameEncoder } from './encoder.ts';
import { Feed, type Source, type Viewer } from './feed.ts';
import type { FrameJob } from './frame.ts';
import { type HlsAnswer, proxyHls } from './hls.ts';
import { findFfmpeg, NO_FFMPEG, RtspRelay } from './rtsp.ts';
import type { Activity, SceneSpec } from './scene.ts';
import { MjpegSource, SimulatedSource, SnapshotSource } from './sources.ts';
import { insertAlarmSnapshot, listCameraSettings, pruneAlarmSnapshots, saveCameraSettings } from './store.ts';
import { type TicketHolder, Tickets } from './tickets.ts';

export interface Camera {
  device: Device;
  settings: CameraSettings;
}

interface Watcher extends Viewer {
  cameraId: string;
  session: Session;
}

const JPEG_QUALITY = 70;
/** How long a snapshot waits for a real camera's next picture. */
const STILL_TIMEOUT_MS = 5000;

export interface CamerasDeps {
  db: Db;
  config: Config;
  sessions: Sessions;
  registry: () => Registry;
  latest: LatestValues;
  log: HubLog;
}

// Made once: \`localeCompare\` with options builds a collator per call, and an alarm storm lists a site's
// cameras for every raise.
const bySite = new Intl.Collator();
const byName = new Intl.Collator('en', { numeric: true });

export class Cameras {
  readonly tickets = new Tickets();
  readonly encoder: FrameEncoder;
  readonly #deps: CamerasDeps;
  #settings = new Map<string, CameraSettings>();
  readonly #feeds = new Map<string, Feed>();
  readonly #specs = new Map<string, Omit<SceneSpec, 'width' | 'height'>>();
  readonly #watchers = new Set<Watcher>();
  readonly #relays = new Map<string, RtspRelay>();
  /** Where ffmpeg is (RTSP cameras need it), null without it; when the hub started, for their offline time. */
  #ffmpeg: string | null = null;
  readonly #startedAt = Date.now();

  private constructor(deps: CamerasDeps) {
    this.#deps = deps;
    this.encoder = new FrameEncoder(deps.config.cctv.encoderThreads);
    deps.sessions.on('ended', (tokenHashes) => this.#sessionsEnded(tokenHashes));
    deps.sessions.on('rights', (userId) => {
      this.#recheck(userId).catch((error) =>
        deps.log.error({ err: error, userId }, 'could not re-check the camera streams of a user'),
      );
    });
  }

  static async load(deps: CamerasDeps): Promise<Cameras> {
    const cameras = new Cameras(deps);
    cameras.#settings = await listCameraSettings(deps.db);
    cameras.#ffmpeg = await findFfmpeg();
    return cameras;
  }

  /** A device's settings as they stand: its row, or simulated at the configured size and rate. */
  settingsOf(deviceId: string): CameraSettings {
    const { cctv } = this.#deps.config;
    return (
      this.#settings.get(deviceId) ?? {
        source: 'simulated',
        url: null,
        width: cctv.width,
        height: cctv.height,
        fps: cctv.fps,
        covers: [],
      }
    );
  }

  /** Every camera device of the fleet (of one site), by site then name. */
  list(siteId?: string): Camera[] {
    const registry = this.#deps.registry();
    const devices = siteId
      ? registry.devicesOfSite(siteId).filter((d) => d.type === 'camera')
      : [...registry.devices.values()].filter((d) => d.type === 'camera');
    return devices
      .sort((a, b) => bySite.compare(a.siteId, b.siteId) || byName.compare(a.name, b.name))
      .map((device) => ({ device, settings: this.settingsOf(device.id) }));
  }

  get(id: string): Camera | undefined {
    const device = this.#deps.registry().devices.get(id);
    if (device?.type !== 'camera') return undefined;
    return { device, settings: this.settingsOf(id) };
  }

  async saveSettings(id: string, settings: CameraSettings): Promise<void> {
    await saveCameraSettings(this.#deps.db, id, settings);
    this.#settings.set(id, settings);
    // Its viewers reconnect to the new source (the page reconnects a stream that ended).
    const feed = this.#feeds.get(id);
    this.#feeds.delete(id);
    feed?.close();
    const relay = this.#relays.get(id);
    this.#relays.delete(id);
    await relay?.stop();
  }

  /** The link's state: a feed or relay that runs says; one nobody watches is taken as online. */
  state(id: string): { online: boolean; offlineSince: number | null; reason: string | null } {
    if (this.settingsOf(id).source === 'rtsp' && !this.#ffmpeg) {
      return { online: false, offlineSince: this.#startedAt, reason: NO_FFMPEG };
    }
    const link = this.#feeds.get(id) ?? this.#relays.get(id)?.state;
    return link
      ? { online: link.online, offlineSince: link.offlineSince, reason: link.reason }
      : { online: true, offlineSince: null, reason: null };
  }

  /** What /metrics and the tests read: feeds whose source runs (encoders of simulated ones), viewers. */
  counts(): { running: number; encoders: number; viewers: number; framesEncoded: number; skipped: number } {
    let running = 0;
    let encoders = 0;
    let skipped = 0;
    for (const feed of this.#feeds.values()) {
      skipped += feed.skipped;
      if (!feed.running) continue;
      running++;
      if (feed.source instanceof SimulatedSource) encoders++;
    }
    return { running, encoders, viewers: this.#watchers.size, framesEncoded: this.encoder.encoded, skipped };
  }

  /** Runs feeds of `id`'s camera: the one running, or a new one for its settings. */
  async #feed(camera: Camera): Promise<Feed> {
    let feed = this.#feeds.get(camera.device.id);
    if (!feed) {
      feed = new Feed(camera.device.id, await this.#source(camera));
      this.#feeds.set(camera.device.id, feed);
    }
    return feed;
  }

  async #source(camera: Camera): Promise<Source> {
    const { settings } = camera;
    switch (settings.source) {
      case 'mjpeg':
        return new MjpegSource(settings.url ?? '');
      case 'snapshot':
        return new SnapshotSource(settings.url ?? '', settings.fps);
      case 'hls':
      case 'rtsp':
        // Served as HLS only: an MJPEG viewer of such a camera gets its pictures from nowhere.
        return { start: (sink) => sink.down('This camera is watched as HLS'), stop: () => {} };
      default:
        return new SimulatedSource(this.encoder, await this.#jobOf(camera), settings.fps);
    }
  }

  /** How to draw a simulated camera's frame at a time: its site's scene, what its covered sensors say. */
  async #jobOf(camera: Camera): Promise<(now: number) => FrameJob> {
    const { device, settings } = camera;
    let base = this.#specs.get(device.id);
    if (!base) {
      const site = await getSite(this.#deps.db, device.siteId);
      const index = Number(/(\d+)$/.exec(device.id)?.[1] ?? 0);
      base = {
        kind: site?.kind === 'wind' ? 'wind' : 'solar',
        latitude: site?.latitude ?? 0,
        longitude: site?.longitude ?? 0,
        timeZone: site?.timeZone ?? 'UTC',
        name: `${site?.name ?? device.siteId} - ${device.name}`,
        view: Math.max(0, index - 1),
      };
      this.#specs.set(device.id, base);
    }
    const spec: SceneSpec = { ...base, width: settings.width, height: settings.height };
    return (now) => ({
      key: device.id,
      spec,
      state: { time: now, activity: this.#activity(settings.covers) },
      quality: JPEG_QUALITY,
    });
  }

  /** A person while a covered motion sensor sees motion, else a vehicle while a covered gate is open. */
  #activity(covers: readonly string[]): Activity {
    const registry = this.#deps.registry();
    let activity: Activity = 'none';
    for (const id of covers) {
      for (const [key, kind] of [
        ['motion', 'person'],
        ['door_open', 'vehicle'],
      ] as const) {
        const series = registry.seriesIdByKey(`${id}/${key}`);
        if (series === undefined || (this.#deps.latest.get(series)?.value ?? 0) < 0.5) continue;
        if (kind === 'person') return 'person';
        activity = kind;
      }
    }
    return activity;
  }

  /** The camera's picture now: the newest streamed one when fresh, else one drawn or fetched for the asking. */
  async still(camera: Camera): Promise<Uint8Array | null> {
    const feed = await this.#feed(camera);
    const fresh = 2000 / camera.settings.fps + 500;
    if (feed.latest && feed.running && Date.now() - feed.latest.capturedAt < fresh) return feed.latest.jpeg;
    if (feed.source instanceof SimulatedSource) return this.encoder.encode(feed.source.job(Date.now()));
    return feed.next(STILL_TIMEOUT_MS);
  }

  /** Starts writing the camera's stream to a viewer; `end` is called when the stream must stop. */
  async watch(camera: Camera, session: Session, viewer: Viewer): Promise<() => void> {
    const feed = await this.#feed(camera);
    const watcher: Watcher = { ...viewer, cameraId: camera.device.id, session };
    const release = this.#deps.sessions.hold(session.tokenHash);
    // The stream ends with its session's lifetime, as a socket does.
    const expiry = session.display
      ? undefined
      : setTimeout(() => watcher.end(), Math.min(2 ** 31 - 1, Math.max(0, session.expiresAt - Date.now())));
    this.#watchers.add(watcher);
    feed.add(watcher);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(expiry);
      release();
      this.#watchers.delete(watcher);
      feed.remove(watcher);
    };
  }

  /** A ticket for one camera and the caller's session (GET /api/cameras hands them out). */
  ticket(session: Session, cameraId: string): string {
    return this.tickets.issue({ tokenHash: session.tokenHash, display: !!session.display }, cameraId);
  }

  /** The session a ticket for `cameraId` stands for, as it is now; undefined when it ended or never was. */
  async sessionOfTicket(ticket: string, cameraId: string): Promise<Session | undefined> {
    const holder = this.tickets.verify(ticket, cameraId);
    return holder ? this.#sessionOf(holder) : undefined;
  }

  async #sessionOf(holder: TicketHolder): Promise<Session | undefined> {
    const { db, sessions, config } = this.#deps;
    const now = Date.now();
    if (holder.display) {
      const found = await findDisplayByToken(db, holder.tokenHash, now);
      if (!found) return undefined;
      return sessions.refresh({ tokenHash: holder.tokenHash, display: found.display } as Session);
    }
    const row = await findLiveToken(db, holder.tokenHash, config.sessionIdleSeconds * 1000, now);
    const user = row && (await findUserById(db, row.userId));
    if (!row || !user?.active) return undefined;
    return sessions.refresh({ tokenHash: holder.tokenHash, user, expiresAt: row.expiresAt } as Session);
  }

  #sessionsEnded(tokenHashes: readonly string[]): void {
    this.tickets.forget(tokenHashes);
    const ended = new Set(tokenHashes);
    for (const watcher of [...this.#watchers]) if (ended.has(watcher.session.tokenHash)) watcher.end();
  }

  /** A user's rights changed: each of their streams goes on only if they may still read its camera. */
  async #recheck(userId: number): Promise<void> {
    for (const watcher of [...this.#watchers]) {
      if (watcher.session.user.id !== userId) continue;
      const session = await this.#deps.sessions.refresh(watcher.session);
      const device = this.#deps.registry().devices.get(watcher.cameraId);
      if (!session || !device || !session.ability.can('read', asSubject('Device', { ...device }))) {
        watcher.end();
        continue;
      }
      watcher.session = session;
    }
  }

  /** A playlist or segment of an HLS camera, through the hub. */
  async hls(camera: Camera, path: string, ticket: string | undefined): Promise<HlsAnswer> {
    const { device, settings } = camera;
    const hubBase = `/api/cameras/${encodeURIComponent(device.id)}/hls`;
    if (settings.source === 'hls' && settings.url) return proxyHls(settings.url, path, hubBase, ticket);
    if (settings.source === 'rtsp' && settings.url) {
      if (!this.#ffmpeg) throw new HttpError(503, 'UNAVAILABLE', NO_FFMPEG);
      let relay = this.#relays.get(device.id);
      if (!relay) {
        relay = new RtspRelay(this.#ffmpeg, settings.url);
        this.#relays.set(device.id, relay);
      }
      return relay.serve(path, hubBase, ticket);
    }
    throw notFound(`Camera ${device.id} has no HLS stream`);
  }

  /** Keeps the picture of the camera that covers an alarm's device (or is it) when the alarm is raised. */
  attach(alarms: AlarmEngine): void {
    alarms.on('change', ({ alarm, event }) => {
      if (!alarm || event.type !== 'alarm_raised') return;
      const cameras = this.list(alarm.siteId).filter(
        (c) => c.device.id === alarm.deviceId || c.settings.covers.includes(alarm.deviceId),
      );
      const camera = cameras.find((c) => c.device.id === alarm.deviceId) ?? cameras[0];
      if (!camera) return;
      void this.#keep(alarm.id, alarm.siteId, camera).catch((error) =>
        this.#deps.log.warn({ err: error, alarmId: alarm.id }, 'could not keep the snapshot of an alarm'),
      );
    });
  }

  async #keep(alarmId: number, siteId: string, camera: Camera): Promise<void> {
    const jpeg = await this.still(camera);
    if (!jpeg) return;
    await insertAlarmSnapshot(this.#deps.db, { alarmId, siteId, cameraId: camera.device.id, ts: Date.now(), jpeg });
  }

  /** Forgets alarm snapshots taken before `before` (ms). */
  async pruneSnapshots(before: number): Promise<void> {
    await pruneAlarmSnapshots(this.#deps.db, before);
  }

  async stop(): Promise<void> {
    for (const feed of this.#feeds.values()) feed.close();
    this.#feeds.clear();
    await Promise.all([...this.#relays.values()].map((r) => r.stop()));
    this.#relays.clear();
    await this.encoder.close();
  }
}
