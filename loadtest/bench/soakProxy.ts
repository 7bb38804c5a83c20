// The soak's network between the wall's browser and the hub: a TCP proxy in the benchmark's process.
// `drop(ms)` cuts the wire as a failing switch would: every connection through it is destroyed at once
// and new ones are refused until the time is up. The hub behind it may come and go (a restart): a
// connection that cannot reach it is closed, as the browser would see from a real one.
import net from 'node:net';

export interface SoakProxy {
  port: number;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Cuts every connection and refuses new ones for `ms`; resolves when the network is back. */
  drop(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<SoakProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    get open() {
      return pairs.size;
    },
    async drop(ms) {
      down = true;
      cut();
      await new Promise((resolve) => setTimeout(resolve, ms));
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
