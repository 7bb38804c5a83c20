// Where a webhook may go: not into the hub's own network. Loopback, link-local (cloud metadata) and
// private addresses are refused, whether the URL names one or its host name resolves to one, when an
// admin adds the webhook and again at every delivery, where the address checked is the one connected
// to (a name that resolves elsewhere later, DNS rebinding, gains nothing). WEBHOOK_ALLOW_PRIVATE lifts it.
import { type LookupAddress, lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
// IPv4 addresses written as IPv6 (::ffff:127.0.0.1) are checked against the IPv4 ranges by BlockList.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP address; a name is not one) is loopback, link-local or private. */
export function isInternal(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && internal.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why a target is refused, in the words the API and the deliveries use. */
export const refusal = (address: string) =>
  `${address} is a loopback, link-local or private address; set WEBHOOK_ALLOW_PRIVATE=true to allow such targets`;

/** The host of a URL as an address or a name, without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The internal address `url` names or resolves to now, if any (a name that does not resolve is let through). */
export async function internalTarget(url: URL): Promise<string | null> {
  const host = hostOf(url);
  if (isIP(host)) return isInternal(host) ? host : null;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    lookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  return addresses.find((a) => isInternal(a.address))?.address ?? null;
}

/** dns.lookup for the connection itself: an internal address fails it. */
const externalOnly: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    const refused = addresses?.find((a) => isInternal(a.address));
    if (error || refused) {
      callback(error ?? new Error(refusal(refused?.address ?? hostname)), '', 0);
      return;
    }
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
  });
};

/** POSTs `body` to `url` (never following a redirect); resolves with the status of the answer. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowInternal: boolean },
): Promise<number> {
  const target = new URL(url);
  if (!options.allowInternal && isInternal(hostOf(target))) return Promise.reject(new Error(refusal(hostOf(target))));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowInternal ? {} : { lookup: externalOnly }),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
