// The recording file, shared by the recorder and the replayer: gzip-compressed NDJSON, a header line,
// then one sample a line in the order recorded, each one a POST /api/ingest sample as it stands:
//
//   {"recording":1,"from":"http://127.0.0.1:3000","sites":["es-tarifa"],"startedAt":1763790000000}
//   {"series":"es-tarifa.wtg01/wind_speed","ts":1763790000123,"value":8.4}
//
// Both ends stream: the writer batches lines into the gzip stream, the reader hands out one line at a
// time and pauses the file while its reader is busy, so a recording of any length fits in memory.

import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export const RECORDING_VERSION = 1;

export interface RecordingHeader {
  recording: typeof RECORDING_VERSION;
  /** The hub it was recorded from. */
  from: string;
  sites: string[];
  /** When recording began, ms since 1970. */
  startedAt: number;
}

export interface Sample {
  /** `deviceId/key`, as the ingest API takes it. */
  series: string;
  ts: number;
  value: number;
}

export class RecordingFormatError extends Error {}

/** Lines are handed to gzip in chunks of about this many characters rather than one by one. */
const CHUNK_CHARS = 64 * 1024;

/** One sample as an NDJSON line; `prefix` is the series' `{"series":...,"ts":` made once. */
const sampleLine = (prefix: string, ts: number, value: number) => `${prefix}${ts},"value":${value}}\n`;

/** A JSON-safe start of a sample line for a series, so that a name is escaped once, not once per sample. */
export const linePrefix = (series: string) => `{"series":${JSON.stringify(series)},"ts":`;

export class RecordingWriter {
  readonly #gzip = createGzip();
  readonly #file: WriteStream;
  readonly #done: Promise<void>;
  readonly #prefixes = new Map<string, string>();
  #pending = '';
  #samples = 0;

  /** Creates (or truncates) `file` and writes the header; fails here when the file cannot be created. */
  static async create(file: string, header: RecordingHeader): Promise<RecordingWriter> {
    const out = createWriteStream(file);
    await once(out, 'open').catch((error: Error) => {
      throw new Error(`Cannot create ${file}: ${error.message}`);
    });
    return new RecordingWriter(out, header);
  }

  constructor(out: WriteStream, header: RecordingHeader) {
    this.#file = out;
    this.#done = pipelineAsync(this.#gzip, out);
    // Seen when close() awaits it; marked handled so a failed disk does not crash the process first.
    this.#done.catch(() => {});
    this.#pending = `${JSON.stringify(header)}\n`;
  }

  /** Appends a sample; false when the file is behind and a caller that can wait should await `drain()`. */
  write(series: string, ts: number, value: number): boolean {
    let prefix = this.#prefixes.get(series);
    if (prefix === undefined) {
      prefix = linePrefix(series);
      this.#prefixes.set(series, prefix);
    }
    this.#pending += sampleLine(prefix, ts, value);
    this.#samples++;
    return this.#pending.length < CHUNK_CHARS || this.#flush();
  }

  #flush(): boolean {
    const chunk = this.#pending;
    this.#pending = '';
    return chunk.length === 0 || this.#gzip.write(chunk);
  }

  get samples(): number {
    return this.#samples;
  }

  async drain(): Promise<void> {
    if (this.#gzip.writableNeedDrain) await once(this.#gzip, 'drain');
  }

  /** Writes what is left, ends the gzip stream and closes the file; returns the file's size in bytes. */
  async close(): Promise<number> {
    this.#flush();
    this.#gzip.end();
    await this.#done;
    return this.#file.bytesWritten;
  }
}

export interface RecordingReader {
  /** The header line, or null for a file of bare samples (any gzip NDJSON of ingest samples replays). */
  header: RecordingHeader | null;
  /** The samples in file order; read once. */
  samples: AsyncIterable<Sample>;
  /** The share of the (compressed) file read so far, 0 to 1. */
  progress(): number;
  /** Stops reading early. */
  close(): void;
}

function parseLine(line: string, where: string): RecordingHeader | Sample {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new RecordingFormatError(`${where}: not a JSON line`);
  }
  const record = parsed as Partial<RecordingHeader & Sample> | null;
  if (record !== null && typeof record === 'object' && 'recording' in record) {
    if (record.recording !== RECORDING_VERSION) {
      throw new RecordingFormatError(`${where}: recording version ${record.recording} is not supported`);
    }
    return record as RecordingHeader;
  }
  if (
    typeof record?.series !== 'string' ||
    typeof record.ts !== 'number' ||
    !Number.isInteger(record.ts) ||
    typeof record.value !== 'number'
  ) {
    throw new RecordingFormatError(`${where}: expected a sample {"series":"deviceId/key","ts":ms,"value":number}`);
  }
  return record as Sample;
}

/**
 * The uncompressed size from the gzip trailer (RFC 1952: ISIZE, the size modulo 2^32, in the last 4
 * bytes); 0 when the file is too short to hold one.
 */
async function uncompressedSize(file: string, size: number): Promise<number> {
  if (size < 18) return 0;
  const handle = await open(file);
  try {
    const { buffer } = await handle.read(Buffer.alloc(4), 0, 4, size - 4);
    return buffer.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

/** Opens a recording and reads its header; samples follow as the caller iterates. */
export async function openRecording(file: string): Promise<RecordingReader> {
  const size = (await stat(file)).size;
  const total = await uncompressedSize(file, size);
  const input = createReadStream(file);
  // pipeline destroys the gunzip stream with the error of either side, and readline passes it on.
  const text = pipeline(input, createGunzip(), () => {});
  const lines = createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  let lineNumber = 0;
  let consumed = 0;

  const nextRecord = async (): Promise<RecordingHeader | Sample | null> => {
    for (;;) {
      let result: IteratorResult<string>;
      try {
        result = await iterator.next();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code?.startsWith('Z_')) throw new RecordingFormatError(`${file} is not a gzip-compressed recording`);
        throw error;
      }
      if (result.done) return null;
      lineNumber++;
      consumed += result.value.length + 1;
      if (result.value.trim() !== '') return parseLine(result.value, `${file}:${lineNumber}`);
    }
  };

  const first = await nextRecord();
  const header = first !== null && 'recording' in first ? first : null;

  async function* samples(): AsyncGenerator<Sample> {
    if (first !== null && header === null) yield first as Sample;
    for (;;) {
      const record = await nextRecord();
      if (record === null) return;
      if ('recording' in record) throw new RecordingFormatError(`${file}:${lineNumber}: a second header`);
      yield record;
    }
  }

  return {
    header,
    samples: samples(),
    // Lines handed out over the whole, rather than bytes read, which run ahead by the streams' buffers.
    progress: () => (total > 0 && consumed <= total ? consumed / total : input.bytesRead / Math.max(1, size)),
    close() {
      lines.close();
      input.destroy();
    },
  };
}
