// DNS rebinding defence: the hub answers only to the host names it is known by. A page on evil.example
// whose name is rebound to the hub's address reaches it with `Host: evil.example`; such a request gets
// 421 Misdirected Request (RFC 9110 §15.5.20: this server does not answer for that authority), which
// says "wrong name" where a 400 would say "bad request". Allowed: PUBLIC_URL's host, ALLOWED_HOSTS,
// loopback names, and IP addresses (a rebinding page always sends its own name, so an address is safe
// and plant LANs reached by IP keep working). Behind a trusted proxy the forwarded host counts.
// Socket.IO's requests do not pass Fastify's hooks: its origin check (realtime/io.ts) and token guard them.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';

/** Whether the hub answers to `hostname` (no port; IPv6 in brackets or not). */
export function hostAllowed(hostname: string, allowed: ReadonlySet<string>): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    allowed.has(name) ||
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0
  );
}

export const allowedHostsPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const allowed = new Set([new URL(config.publicUrl).hostname, ...config.allowedHosts]);
  app.addHook('onRequest', async (request) => {
    // An HTTP/1.0 request may carry no Host at all: no browser sends one, so no rebinding either.
    const hostname = request.hostname;
    if (!hostname || hostAllowed(hostname, allowed)) return;
    throw new HttpError(
      421,
      'BAD_REQUEST',
      `This hub does not answer to the host name ${hostname.slice(0, 100)}: add it to ALLOWED_HOSTS`,
    );
  });
});
