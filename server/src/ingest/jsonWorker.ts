// The ingest's JSON parser thread: a large POST /api/ingest body is parsed here into columns
// (validate.ts's columnsOf), so that the hub's event loop neither parses it nor collects a thousand
// objects a request. A body this thread does not recognise as a plain { samples: [...] } comes back
// unparsed (null), and the main thread parses it as Fastify always does, with the same error answers.
import { parentPort } from 'node:worker_threads';
import { columnsOf, type SampleColumns } from './validate.ts';

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
  maxSamples: number;
}

export interface ParseReply {
  id: number;
  columns: SampleColumns | null;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
// What Fastify's parser refuses or treats specially (prototype poisoning): left to it.
const SPECIAL_KEY = /"(?:__proto__|constructor|prototype)"/;

function parse(bytes: Uint8Array, maxSamples: number): SampleColumns | null {
  let body: unknown;
  try {
    const text = decoder.decode(bytes);
    if (SPECIAL_KEY.test(text)) return null;
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const keys = Object.keys(body);
  const samples = (body as { samples?: unknown }).samples;
  if (keys.length !== 1 || !Array.isArray(samples) || samples.length > maxSamples) return null;
  return columnsOf(samples);
}

function transferOf(columns: SampleColumns | null): ArrayBuffer[] {
  if (!columns) return [];
  return [columns.shape, columns.series, columns.ts, columns.values].map((a) => a.buffer as ArrayBuffer);
}

parentPort?.on('message', ({ id, bytes, maxSamples }: ParseRequest) => {
  const columns = parse(bytes, maxSamples);
  parentPort?.postMessage({ id, columns } satisfies ParseReply, transferOf(columns));
});
