import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, nextEvent, startTestServer, type TestServer } from '../helper.ts';
import { testMailbox } from '../mailbox.ts';

// A real SMTP server on port 0 that keeps what it receives.
const mailbox = testMailbox();
const { inbox } = mailbox;

let server: TestServer;
beforeAll(async () => {
  const smtpUrl = await mailbox.start();
  server = await startTestServer({ smtpUrl, publicUrl: 'https://scada.example.com' });
});
afterAll(async () => {
  await server.close();
  mailbox.close();
});

async function waitForMail(count: number): Promise<string> {
  for (let i = 0; i < 100 && inbox.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = inbox[count - 1];
  if (!mail) throw new Error('no mail arrived');
  return mail;
}

const linkToken = (mail: string) => {
  // The body is quoted-printable: undo soft line breaks and =XX escapes.
  const text = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /reset-password\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${mail}`);
  return match[1];
};

describe('password reset by email', () => {
  it('tells the login page that reset links are mailed', async () => {
    expect((await (await server.request('GET', '/api/auth/options')).json()).passwordReset).toBe('email');
  });

  it('mails a one-time link that sets a new password and ends the open sessions', async () => {
    const before = await server.login(demo.operator.email, demo.operator.password);
    const socket = server.connect(before.accessToken);
    await nextEvent(socket, 'connect');

    const asked = await server.request('POST', '/api/auth/forgot-password', { body: { email: 'operator' } });
    expect(asked.status).toBe(202);
    const mail = await waitForMail(1);
    expect(mail).toContain('To: operator@voltscope.io');
    expect(mail).toContain('https://scada.example.com/reset-password?token=');
    const token = linkToken(mail);

    const weak = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'weak' } });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors.password[0]).toMatch(/at least one uppercase letter/);

    const ended = nextEvent(socket, 'session:ended');
    const reset = await server.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'New!Shift42' },
    });
    expect(reset.status).toBe(204);
    expect(await ended).toEqual({ reason: 'revoked' });
    expect((await server.request('GET', '/api/auth/me', { token: before.accessToken })).status).toBe(401);
    await server.login('operator', 'New!Shift42');
    const old = await server.request('POST', '/api/auth/login', { body: demo.operator });
    expect(old.status).toBe(400);

    const reused = await server.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'Other!Pass9' },
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()).errors.token[0]).toMatch(/invalid, used or expired/);
  });

  it('stops older reset links once the password is reset or changed (finding 6)', async () => {
    const ask = async () => {
      const count = inbox.length;
      expect((await server.request('POST', '/api/auth/forgot-password', { body: { email: 'client' } })).status).toBe(
        202,
      );
      return linkToken(await waitForMail(count + 1));
    };
    const reset = (token: string, password: string) =>
      server.request('POST', '/api/auth/reset-password', { body: { token, password } });

    const older = await ask();
    const newer = await ask();
    expect((await reset(newer, 'Reset#One1')).status).toBe(204);
    const stale = await reset(older, 'Reset#Two2');
    expect(stale.status).toBe(400);
    expect((await stale.json()).errors.token[0]).toMatch(/invalid, used or expired/);

    const pending = await ask();
    const { accessToken } = await server.login('client', 'Reset#One1');
    const changed = await server.request('POST', '/api/account/password', {
      token: accessToken,
      body: { currentPassword: 'Reset#One1', newPassword: 'Changed#Three3' },
    });
    expect(changed.status).toBe(204);
    expect((await reset(pending, 'Reset#Four4')).status).toBe(400);
    await server.login('client', 'Changed#Three3');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const count = inbox.length;
    const response = await server.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@nowhere.io' } });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message: 'If an account uses this address, a link to reset its password has been sent',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.length).toBe(count);
  });
});
