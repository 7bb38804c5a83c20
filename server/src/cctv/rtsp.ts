// RTSP cameras, served as HLS: while somebody plays it, `ffmpeg` reads the camera and writes a short live
// playlist of segments into a temporary directory, which the hub serves; it stops a while after the last
// request. Without ffmpeg on the PATH an RTSP camera is offline, and says why.
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HttpError, notFound } from '../errors.ts';
import type { HlsAnswer } from './hls.ts';

/** How long a relay runs after its last request. */
const IDLE_MS = 30_000;
/** How long the first playlist may take to appear. */
const FIRST_PLAYLIST_MS = 15_000;
const SEGMENT = /^(index\.m3u8|seg\d{1,9}\.ts)$/;

export const NO_FFMPEG = 'ffmpeg is not installed on the hub: RTSP cameras need it (see the README)';

/** The path of `ffmpeg` on the PATH, or null. */
export async function findFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return null;
}

export interface LinkState {
  online: boolean;
  offlineSince: number | null;
  reason: string | null;
}

/** One camera's ffmpeg, started on demand. */
export class RtspRelay {
  readonly state: LinkState = { online: true, offlineSince: null, reason: null };
  readonly #ffmpeg: string;
  readonly #url: string;
  #dir: string | null = null;
  #child: ChildProcess | null = null;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(ffmpeg: string, url: string) {
    this.#ffmpeg = ffmpeg;
    this.#url = url;
  }

  async serve(file: string, hubBase: string, ticket: string | undefined): Promise<HlsAnswer> {
    if (!SEGMENT.test(file)) throw notFound(`No ${file} in this camera's stream`);
    await this.#ensure();
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => void this.stop(), IDLE_MS);
    this.#idle.unref();
    const dir = this.#dir as string;
    if (file === 'index.m3u8') {
      const text = await this.#playlist(dir);
      const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : '';
      return {
        type: 'application/vnd.apple.mpegurl',
        body: text.replace(/^(seg\d+\.ts)$/gm, (name) => `${hubBase}/${name}${query}`),
      };
    }
    try {
      return { type: 'video/mp2t', body: await readFile(path.join(dir, file)) };
    } catch {
      throw notFound(`No ${file} in this camera's stream (it may have rolled off)`);
    }
  }

  async #playlist(dir: string): Promise<string> {
    const deadline = Date.now() + FIRST_PLAYLIST_MS;
    for (;;) {
      try {
        return await readFile(path.join(dir, 'index.m3u8'), 'utf8');
      } catch {
        if (Date.now() > deadline || !this.#child) {
          throw new HttpError(503, 'UNAVAILABLE', `The camera sent nothing: ${this.state.reason ?? 'no answer'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  async #ensure(): Promise<void> {
    if (this.#child) return;
    this.#stopped = false;
    this.#dir ??= await mkdtemp(path.join(tmpdir(), 'voltscope-rtsp-'));
    const child = spawn(
      this.#ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', this.#url],
        ...['-an', '-c:v', 'copy', '-f', 'hls', '-hls_time', '2', '-hls_list_size', '6'],
        ...['-hls_flags', 'delete_segments+omit_endlist', '-hls_segment_filename', 'seg%d.ts', 'index.m3u8'],
      ],
      { cwd: this.#dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.on('spawn', () => Object.assign(this.state, { online: true, offlineSince: null, reason: null }));
    child.on('exit', (code) => {
      this.#child = null;
      if (this.#stopped) return;
      this.state.online = false;
      this.state.offlineSince ??= Date.now();
      this.state.reason = stderr.trim().split('\n').at(-1) || `ffmpeg stopped (exit code ${code})`;
    });
    child.on('error', (error) => {
      this.state.online = false;
      this.state.offlineSince ??= Date.now();
      this.state.reason = error.message;
    });
    this.#child = child;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#idle);
    this.#child?.kill('SIGTERM');
    this.#child = null;
    if (this.#dir) await rm(this.#dir, { recursive: true, force: true });
    this.#dir = null;
  }
}
