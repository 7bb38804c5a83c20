// CCTV: 16 simulated cameras at 640×360 and 5 frames a second, 10 MJPEG viewers each (HTTP clients in a
// worker thread, as <img> tags read them), beside the live telemetry fan-out (socket clients following
// the generator's site, 1,000 samples a second), against the same run without video, interleaved:
//   cctv.telemetry_latency.p99_ms     the telemetry's p99 with video (baseline: without), and their ratio
//   cctv.cpu_ms_per_stream_s          hub CPU (all threads) the video added, per camera-stream second
//                                     (one camera's encoder and its viewers for one second)
//   cctv.frame_latency.p99_ms         capture (the hub starts the frame) to a viewer's last byte
//   cctv.bytes_per_s                  video bytes the viewers received, per second
//   cctv.frames_per_s                 frames the viewers received, per second (16 × 10 × 5 = 800 at best)
// The hub (fanoutHub.ts, the real hub with its demo fleet) runs in a process of its own, pinned to core 0
// where taskset exists; this process and its client workers take core 1.
import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { CameraInfo } from '../../shared/src/contracts/cameras.ts';
import type { ViewersReport } from './cctvViewers.ts';
import { GENERATOR_SITE } from './fanoutBaselines.ts';
import type { ClientsReport } from './fanoutClients.ts';
import { pinSelf, SAMPLES_PER_S, spawnHub, WARMUP_MS } from './fanoutRun.ts';
import { type Figure, percentile } from './report.ts';

const CAMERAS = 16;
const VIEWERS_PER_CAMERA = 10;
const TELEMETRY_CLIENTS = 200;
const SITES = ['fr-occitanie', 'ma-ouarzazate', 'ir-yazd', 'es-tarifa'];

interface Run {
  video: boolean;
  telemetryP99: number;
  hubCpuSeconds: number;
  seconds: number;
  frameLatencyP99: number;
  framesPerS: number;
  bytesPerS: number;
  failed: number;
  loopLagP99: number;
}

interface HubReport {
  cpuSeconds: number;
  seconds: number;
  loopLagP99Ms: number;
}

function startHub() {
  const script = new URL('./fanoutHub.ts', import.meta.url).pathname;
  const child: ChildProcess = spawnHub(
    [script, 'voltscope', 'generator', String(SAMPLES_PER_S)],
    ['ignore', 'inherit', 'inherit', 'ipc'],
  );
  const next = <T>(op: string) =>
    new Promise<T>((resolve, reject) => {
      const listener = (message: { op: string }) => {
        if (message.op !== op) return;
        child.off('message', listener);
        child.off('exit', exited);
        resolve(message as T);
      };
      const exited = (code: number | null) =>
        reject(new Error(`the hub exited (code ${code}) while waiting for ${op}`));
      child.on('message', listener);
      child.once('exit', exited);
    });
  const replies: Record<string, string> = { start: 'started', measure: 'measuring', close: 'closed' };
  const ask = <T>(op: string) => {
    const reply = next<T>(replies[op] ?? op);
    child.send({ op });
    return reply;
  };
  return { child, next, ask };
}

const once = <T>(w: Worker) =>
  new Promise<T>((resolve, reject) => {
    w.once('message', resolve);
    w.once('error', reject);
  });

/** Logs in as the demo admin and gives the hub 16 cameras (the demo fleet has 8: 2 more per site). */
async function camerasOf(url: string): Promise<{ token: string; cameras: CameraInfo[] }> {
  const call = async <T = { accessToken: string }>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  };
  const { accessToken: token } = await call('POST', '/api/auth/login', undefined, {
    email: 'admin',
    password: 'Volt!Admin1',
  });
  let { cameras } = await call<{ cameras: CameraInfo[] }>('GET', '/api/cameras', token);
  for (let n = 3; cameras.length < CAMERAS; n++) {
    for (const site of SITES) {
      if (cameras.length + 1 > CAMERAS) break;
      await call('POST', `/api/sites/${site}/devices`, token, {
        id: `cam${n}`,
        type: 'camera',
        name: `Camera ${n}`,
        protocol: 'http',
        address: `http://192.0.2.${n}/video.mjpg`,
      });
      cameras = (await call<{ cameras: CameraInfo[] }>('GET', '/api/cameras', token)).cameras;
    }
  }
  return { token, cameras: cameras.slice(0, CAMERAS) };
}

async function runOnce(video: boolean, seconds: number): Promise<Run> {
  const hub = startHub();
  const workers: Worker[] = [];
  try {
    const { port } = await hub.next<{ port: number }>('ready');
    const url = `http://127.0.0.1:${port}`;
    const { token, cameras } = await camerasOf(url);
    const telemetry = new Worker(new URL('./fanoutClients.ts', import.meta.url), {
      workerData: { url, token, subscriptions: Array.from({ length: TELEMETRY_CLIENTS }, () => [GENERATOR_SITE]) },
    });
    workers.push(telemetry);
    await once(telemetry);
    let viewers: Worker | null = null;
    if (video) {
      const urls = cameras.flatMap((c) => Array.from({ length: VIEWERS_PER_CAMERA }, () => url + (c.streamUrl ?? '')));
      viewers = new Worker(new URL('./cctvViewers.ts', import.meta.url), { workerData: { urls } });
      workers.push(viewers);
      await once(viewers);
    }
    await hub.ask('start');
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    await hub.ask('measure');
    for (const w of workers) w.postMessage('measure');
    await new Promise((r) => setTimeout(r, seconds * 1000));
    // The hub's window first: the telemetry clients' report waits a moment for frames still unread.
    const hubReport = await hub.ask<HubReport>('report');
    const reports = await Promise.all(
      workers.map((w) => {
        const reply = once<ClientsReport | ViewersReport>(w);
        w.postMessage('report');
        return reply;
      }),
    );
    for (const w of workers) w.postMessage('close');
    await Promise.all(workers.map((w) => once(w)));
    await hub.ask('close');
    const telemetryReport = reports[0] as ClientsReport;
    const viewerReport = reports[1] as ViewersReport | undefined;
    const frameLatencies = (viewerReport?.latencies ?? []).sort((a, b) => a - b);
    return {
      video,
      telemetryP99: percentile(
        telemetryReport.latencies.sort((a, b) => a - b),
        99,
      ),
      hubCpuSeconds: hubReport.cpuSeconds,
      seconds: hubReport.seconds,
      frameLatencyP99: percentile(frameLatencies, 99),
      framesPerS: (viewerReport?.frames ?? 0) / hubReport.seconds,
      bytesPerS: (viewerReport?.bytes ?? 0) / hubReport.seconds,
      failed: viewerReport?.failed ?? 0,
      loopLagP99: hubReport.loopLagP99Ms,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    // Closed, the hub exits on its own (writing its profile, if asked for); one that hangs is ended.
    if (hub.child.exitCode === null) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 5000);
        hub.child.once('exit', () => resolve(clearTimeout(timer)));
      });
      hub.child.kill();
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function cctvBenchmark(options: { quick: boolean }): Promise<Figure[]> {
  pinSelf(1);
  const rounds = options.quick ? 1 : 3;
  const seconds = options.quick ? 5 : 15;
  const runs: Run[] = [];
  for (let r = 0; r < rounds; r++) {
    // Interleaved, so that a slow moment of the machine does not favour one side.
    for (const video of [false, true]) {
      const run = await runOnce(video, seconds);
      runs.push(run);
      console.error(
        `  cctv ${video ? 'video   ' : 'baseline'}: telemetry p99 ${run.telemetryP99} ms, loop lag p99 ${run.loopLagP99.toFixed(1)} ms, ` +
          `hub cpu ${((run.hubCpuSeconds / run.seconds) * 100).toFixed(0)} %` +
          (video
            ? `, ${run.framesPerS.toFixed(0)} frames/s to viewers, frame p99 ${run.frameLatencyP99} ms, ` +
              `${(run.bytesPerS / 1e6).toFixed(1)} MB/s, streams failed ${run.failed}`
            : ''),
      );
    }
  }
  const withVideo = runs.filter((r) => r.video);
  const without = runs.filter((r) => !r.video);
  const p99 = median(withVideo.map((r) => r.telemetryP99));
  const baseP99 = median(without.map((r) => r.telemetryP99));
  const cpuPerS = (rs: Run[]) => median(rs.map((r) => r.hubCpuSeconds / r.seconds));
  const addedCpuMsPerS = (cpuPerS(withVideo) - cpuPerS(without)) * 1000;
  return [
    {
      name: 'cctv.telemetry_latency.p99_ms',
      unit: 'ms',
      value: p99,
      baseline: baseP99,
      ratio: round(baseP99 / p99, 2),
    },
    { name: 'cctv.telemetry_latency.p99_ratio', unit: '× baseline (≤ 1.2)', value: round(p99 / baseP99, 2) },
    { name: 'cctv.cpu_ms_per_stream_s', unit: 'ms', value: round(addedCpuMsPerS / CAMERAS) },
    { name: 'cctv.frame_latency.p99_ms', unit: 'ms', value: median(withVideo.map((r) => r.frameLatencyP99)) },
    { name: 'cctv.frames_per_s', unit: 'frames/s', value: round(median(withVideo.map((r) => r.framesPerS))) },
    { name: 'cctv.bytes_per_s', unit: 'B/s', value: Math.round(median(withVideo.map((r) => r.bytesPerS))) },
  ];
}
