// A bench client's subscription: waits for the socket to connect, then follows the sites. A refused site
// would make the run lighter than it claims, so a refusal fails the run instead.
import type { Socket } from 'socket.io-client';

export async function followSites(socket: Socket, sites: readonly string[], timeoutMs: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket
    .timeout(timeoutMs)
    .emitWithAck('live:subscribe', { sites: sites.map((id) => ({ id })) })) as {
    data?: { refused: unknown[] };
    error?: { message: string };
  };
  if (!ack.data || ack.data.refused.length > 0) throw new Error(`subscribe failed: ${JSON.stringify(ack)}`);
}
