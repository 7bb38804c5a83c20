// A TCP relay to a server (PostgreSQL, Redis) that a test can cut (every connection dropped, none taken),
// hang (connections kept, nothing passed) and open or resume again: the faults a hub must survive.
import { connect, createServer, type Server, type Socket } from 'node:net';

export class TcpProxy {
  port = 0;
  readonly #host: string;
  readonly #targetPort: number;
  #server: Server | null = null;
  readonly #sockets = new Set<Socket>();
  readonly #pipes = new Set<readonly [Socket, Socket]>();

  constructor(host: string, port: number) {
    this.#host = host;
    this.#targetPort = port;
  }

  /** Listens, on the same port as before once it has one (nothing to do when it listens already). */
  async open(): Promise<void> {
    if (this.#server) return;
    const server = createServer((client) => {
      const upstream = connect(this.#targetPort, this.#host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        const pipe = [from, to] as const;
        this.#sockets.add(from);
        this.#pipes.add(pipe);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.#sockets.delete(from);
          this.#pipes.delete(pipe);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  hang(): void {
    for (const [from, to] of this.#pipes) {
      from.unpipe(to);
      from.pause();
    }
  }

  resume(): void {
    for (const [from, to] of this.#pipes) from.pipe(to);
  }

  close(): Promise<void> {
    this.resume();
    return this.cut();
  }
}
