// Where a feed's pictures come from: drawn on the hub (simulated), read from a camera's own MJPEG stream
// (one upstream connection per camera, whoever watches), or polled from its snapshot URL. A real camera
// that fails is reported down and tried again, waiting twice as long each time (up to 30 s).
import type { FrameEncoder } from './encoder.ts';
import type { FeedSink, Source } from './feed.ts';
import type { FrameJob } from './frame.ts';

const BACKOFF_MS = { first: 500, max: 30_000 };
/** The largest picture taken from a camera: past it, its stream is not a sequence of JPEGs. */
const MAX_JPEG_BYTES = 8 * 1024 * 1024;

/** A simulated camera: a frame drawn and encoded every 1/fps s, skipped while the previous one is not done. */
export class SimulatedSource implements Source {
  #timer: ReturnType<typeof setInterval> | undefined;
  #busy = false;
  /** Ticks skipped because the encoder was behind. */
  dropped = 0;

  readonly encoder: FrameEncoder;
  readonly job: (now: number) => FrameJob;
  readonly fps: number;

  constructor(encoder: FrameEncoder, job: (now: number) => FrameJob, fps: number) {
    this.encoder = encoder;
    this.job = job;
    this.fps = fps;
  }

  start(sink: FeedSink): void {
    const tick = () => {
      if (this.#busy) {
        this.dropped++;
        return;
      }
      this.#busy = true;
      const capturedAt = Date.now();
      this.encoder
        .encode(this.job(capturedAt))
        .then((jpeg) => sink.publish(jpeg, capturedAt))
        .catch((error: Error) => sink.down(error.message))
        .finally(() => {
          this.#busy = false;
        });
    };
    this.#timer = setInterval(tick, 1000 / this.fps);
    tick();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** Cuts whole JPEGs (SOI … EOI) out of a byte stream, whatever multipart headers lie between them. */
export class JpegScanner {
  #buffer: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): Uint8Array[] {
    this.#buffer = this.#buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.#buffer, chunk]);
    const frames: Uint8Array[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(SOI);
      if (start < 0) {
        // Keep a last 0xFF: it may begin the next picture.
        this.#buffer = this.#buffer.subarray(Math.max(0, this.#buffer.length - 1));
        break;
      }
      const end = this.#buffer.indexOf(EOI, start + 2);
      if (end < 0) {
        this.#buffer = this.#buffer.subarray(start);
        if (this.#buffer.length > MAX_JPEG_BYTES) throw new Error('The camera sent a picture over 8 MB');
        break;
      }
      frames.push(new Uint8Array(this.#buffer.subarray(start, end + 2)));
      this.#buffer = this.#buffer.subarray(end + 2);
    }
    return frames;
  }
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const messageOf = (error: unknown) =>
  error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);

/** A loop that runs `connect` until stopped, reporting failures and waiting longer after each. */
abstract class UpstreamSource implements Source {
  #abort: AbortController | null = null;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  start(sink: FeedSink): void {
    const abort = new AbortController();
    this.#abort = abort;
    void (async () => {
      let backoff = BACKOFF_MS.first;
      while (!abort.signal.aborted) {
        try {
          await this.connect(sink, abort.signal, () => {
            backoff = BACKOFF_MS.first;
          });
        } catch (error) {
          if (abort.signal.aborted) break;
          sink.down(messageOf(error));
        }
        await sleep(backoff, abort.signal);
        backoff = Math.min(BACKOFF_MS.max, backoff * 2);
      }
    })();
  }

  stop(): void {
    this.#abort?.abort();
    this.#abort = null;
  }

  /** Runs until the camera's connection ends (then it is tried again) or `signal` aborts. */
  protected abstract connect(sink: FeedSink, signal: AbortSignal, healthy: () => void): Promise<void>;
}

/** A camera's multipart MJPEG stream, read once for all viewers. */
export class MjpegSource extends UpstreamSource {
  protected async connect(sink: FeedSink, signal: AbortSignal, healthy: () => void): Promise<void> {
    const response = await fetch(this.url, { signal, redirect: 'error' });
    if (!response.ok || !response.body) throw new Error(`The camera answered ${response.status}`);
    const scanner = new JpegScanner();
    for await (const chunk of response.body) {
      for (const jpeg of scanner.push(chunk)) {
        healthy();
        sink.publish(jpeg, Date.now());
      }
    }
    if (!signal.aborted) throw new Error('The camera ended its stream');
  }
}

/** A camera that only gives a still: asked again every 1/fps s. */
export class SnapshotSource extends UpstreamSource {
  readonly fps: number;

  constructor(url: string, fps: number) {
    super(url);
    this.fps = fps;
  }

  protected async connect(sink: FeedSink, signal: AbortSignal, healthy: () => void): Promise<void> {
    const period = 1000 / this.fps;
    while (!signal.aborted) {
      const started = Date.now();
      const response = await fetch(this.url, { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
      if (!response.ok) throw new Error(`The camera answered ${response.status}`);
      const jpeg = new Uint8Array(await response.arrayBuffer());
      if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('The camera did not send a JPEG');
      healthy();
      sink.publish(jpeg, started);
      await sleep(Math.max(0, period - (Date.now() - started)), signal);
    }
  }
}
