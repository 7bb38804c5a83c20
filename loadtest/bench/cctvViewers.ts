// MJPEG viewers for the CCTV benchmark, in a worker thread: each reads one camera's multipart stream over
// HTTP as a browser's <img> does (the ticket in the URL), and measures each frame's latency from its
// capture (the part's X-Timestamp, stamped by the hub when it began the frame) to its last byte here.
import { parentPort, workerData } from 'node:worker_threads';

export interface ViewersReport {
  viewers: number;
  frames: number;
  bytes: number;
  latencies: number[];
  /** Streams that ended or failed during the run. */
  failed: number;
}

const { urls } = workerData as { urls: string[] };
const controllers: AbortController[] = [];
let measuring = false;
let frames = 0;
let bytes = 0;
let failed = 0;
let seen = 0;
const latencies: number[] = [];
const SEPARATOR = Buffer.from('\r\n\r\n');

function record(latency: number) {
  seen++;
  if (latencies.length < 20_000) latencies.push(latency);
  else {
    const j = Math.floor(Math.random() * seen);
    if (j < latencies.length) latencies[j] = latency;
  }
}

async function view(url: string): Promise<void> {
  const controller = new AbortController();
  controllers.push(controller);
  let first = true;
  const connected = new Promise<void>((resolve) => {
    void (async () => {
      try {
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok || !response.body) throw new Error(`${response.status}`);
        let buffer = Buffer.alloc(0);
        for await (const chunk of response.body) {
          buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
          for (;;) {
            const head = buffer.indexOf(SEPARATOR);
            if (head < 0) break;
            const headers = buffer.subarray(0, head).toString('latin1');
            const length = Number(/Content-Length: (\d+)/i.exec(headers)?.[1]);
            const end = head + 4 + length + 2;
            if (buffer.length < end) break;
            if (first) {
              first = false;
              resolve();
            }
            if (measuring) {
              frames++;
              bytes += end;
              record(Date.now() - Number(/X-Timestamp: (\d+)/i.exec(headers)?.[1]));
            }
            buffer = buffer.subarray(end);
          }
        }
        failed++;
      } catch {
        if (!controller.signal.aborted) failed++;
      }
      resolve();
    })();
  });
  await connected;
}

parentPort?.on('message', (message: string) => {
  if (message === 'measure') {
    measuring = true;
    frames = 0;
    bytes = 0;
    failed = 0;
    latencies.length = 0;
    seen = 0;
  } else if (message === 'report') {
    measuring = false;
    const report: ViewersReport = { viewers: urls.length, frames, bytes, latencies, failed };
    parentPort?.postMessage(report);
  } else if (message === 'close') {
    for (const controller of controllers) controller.abort();
    parentPort?.postMessage('closed');
  }
});

for (let i = 0; i < urls.length; i += 20) await Promise.all(urls.slice(i, i + 20).map(view));
parentPort?.postMessage('connected');
