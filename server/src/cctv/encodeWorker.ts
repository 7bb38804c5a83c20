// An encoder thread: draws and encodes the frames the hub asks for (encoder.ts), off the event loop.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { encodeFrame, type FrameJob } from './frame.ts';

// Video gives way to the live telemetry: on Linux this thread runs at the lowest priority (nice 19), so
// that when the cores are busy the event loop (the fan-out) is served first and frames are dropped
// instead. /proc/thread-self names this thread's id; elsewhere the thread keeps the process's priority.
try {
  const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
  if (tid > 0) setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: the frames are still encoded off the event loop.
}

parentPort?.on('message', ({ id, job }: { id: number; job: FrameJob }) => {
  try {
    const jpeg = encodeFrame(job);
    parentPort?.postMessage({ id, jpeg }, [jpeg.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
