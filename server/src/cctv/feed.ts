// One camera's feed, shared by all its viewers: its source runs only while somebody watches (or a
// snapshot is wanted), each picture is made into one multipart part written to every viewer whose socket
// has drained, and a viewer still writing the previous one skips it and gets the next: frames are
// dropped, never queued.

export const BOUNDARY = 'voltscopeframe';
const CRLF = Buffer.from('\r\n');

/** A picture as one part of a multipart/x-mixed-replace stream, stamped with when it was captured. */
export function mjpegPart(jpeg: Uint8Array, capturedAt: number): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\nX-Timestamp: ${capturedAt}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), jpeg, CRLF]);
}

/** A picture as the feed publishes it: the JPEG, its multipart part, when it was captured. */
export interface Picture {
  jpeg: Uint8Array;
  part: Buffer;
  capturedAt: number;
}

export interface Viewer {
  /** True when its socket took everything written so far. */
  ready(): boolean;
  /** `part` for an HTTP multipart stream; the picture itself for a viewer that frames it otherwise. */
  send(part: Buffer, picture: Picture): void;
  end(): void;
}

export interface FeedSink {
  publish(jpeg: Uint8Array, capturedAt: number): void;
  /** The source lost its camera (it retries on its own): the feed is offline from now until the next picture. */
  down(reason: string): void;
}

export interface Source {
  start(sink: FeedSink): void;
  stop(): void;
}

export class Feed implements FeedSink {
  readonly viewers = new Set<Viewer>();
  latest: Picture | null = null;
  online = true;
  offlineSince: number | null = null;
  reason: string | null = null;
  /** Parts not written to a viewer whose socket was still busy. */
  skipped = 0;
  published = 0;
  #running = false;
  #waiters: ((jpeg: Uint8Array | null) => void)[] = [];

  readonly cameraId: string;
  readonly source: Source;

  constructor(cameraId: string, source: Source) {
    this.cameraId = cameraId;
    this.source = source;
  }

  get running(): boolean {
    return this.#running;
  }

  add(viewer: Viewer): void {
    this.viewers.add(viewer);
    if (this.latest && this.#running) viewer.send(this.latest.part, this.latest);
    this.#start();
  }

  remove(viewer: Viewer): void {
    if (!this.viewers.delete(viewer)) return;
    this.#stopIfIdle();
  }

  /** The next picture (the source runs for it if nobody watches), or null past `timeoutMs`. */
  next(timeoutMs: number): Promise<Uint8Array | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (jpeg: Uint8Array | null) => {
        clearTimeout(timer);
        const index = this.#waiters.indexOf(done);
        if (index >= 0) this.#waiters.splice(index, 1);
        resolve(jpeg);
        this.#stopIfIdle();
      };
      this.#waiters.push(done);
      this.#start();
    });
  }

  publish(jpeg: Uint8Array, capturedAt: number): void {
    if (!this.#running) return;
    this.online = true;
    this.offlineSince = null;
    this.reason = null;
    const picture: Picture = { jpeg, part: mjpegPart(jpeg, capturedAt), capturedAt };
    this.latest = picture;
    this.published++;
    for (const viewer of this.viewers) {
      if (viewer.ready()) viewer.send(picture.part, picture);
      else this.skipped++;
    }
    for (const waiter of [...this.#waiters]) waiter(jpeg);
  }

  down(reason: string): void {
    if (this.online) {
      this.online = false;
      this.offlineSince = Date.now();
    }
    this.reason = reason;
  }

  /** Ends every viewer's stream and stops the source (the camera changed or went away, the hub stops). */
  close(): void {
    for (const viewer of [...this.viewers]) viewer.end();
    this.viewers.clear();
    for (const waiter of [...this.#waiters]) waiter(null);
    this.#stopIfIdle();
  }

  #start(): void {
    if (this.#running) return;
    this.#running = true;
    this.source.start(this);
  }

  #stopIfIdle(): void {
    if (!this.#running || this.viewers.size > 0 || this.#waiters.length > 0) return;
    this.#running = false;
    this.source.stop();
  }
}
