// Compresses the JSON API's answers for browsers that accept it: the solar dashboard alone fetches ~177 KB
// of JSON on every load (warm loads too), which a 10 Mbit/s link feels. Only JSON bodies that Fastify has
// already serialised are touched: static files arrive pre-compressed (plugins/static.ts), CSV and event
// streams must flush as they go, and /socket.io never passes through Fastify's reply.
// Low levels on purpose: the answers are made per request, so CPU per byte matters more than the last %.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Below this a compressed answer saves less than a packet; not worth the CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The best encoding the request accepts (q > 0), brotli first; undefined for none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name ?? '', q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/([\w.+-]+\+)?json\b/i.test(type);
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 4 });
}

async function compressJson(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // Streams (CSV, event streams) and empty answers pass as they are.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (!isJson(reply) || reply.getHeader('content-encoding')) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_THRESHOLD_BYTES) return payload;
  // The answer now depends on Accept-Encoding, whatever this request sent: caches must know.
  addVary(reply);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed = await compress(body, encoding);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

export const jsonCompressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', compressJson);
});
