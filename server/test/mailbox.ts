// A real SMTP server on port 0 that keeps what it receives: for tests of mailed links (password resets,
// invitations). `start` answers the SMTP_URL to give the hub.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export function testMailbox() {
  const inbox: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      stream.on('end', () => {
        inbox.push(text);
        callback();
      });
    },
  });
  return {
    inbox,
    async start(): Promise<string> {
      smtp.listen(0, '127.0.0.1');
      await once(smtp.server, 'listening');
      return `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    },
    close: () => smtp.close(),
  };
}
