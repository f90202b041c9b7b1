import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../test/harness.js';
import { makeUser } from '../../test/factories.js';

/** A real SMTP peer: the recovery mail leaves through nodemailer when SMTP_URL is set. */
async function startSmtp() {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('forgot password over SMTP', () => {
  it('sends the recovery mail to the SMTP server, not to the outbox', async () => {
    const smtp = await startSmtp();
    afterAll(() => smtp.close());
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await makeUser(t.db, { username: 'smtp-user', email: 'smtp-user@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/authentication/forgot-password',
      payload: { username: 'smtp-user' },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['smtp-user@example.com']);
    const body = smtp.received[0]!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('https://footfall.example.com/recover-password?token=');
    expect(await t.ctx.mailer.outbox()).toEqual([]);
  });
});

describe('forgot password when the SMTP server is down', () => {
  it('still answers 200, exactly as for an unknown user', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    await makeUser(t.db, { username: 'smtp-down', email: 'down@example.com' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/authentication/forgot-password',
      payload: { username: 'smtp-down' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/authentication/forgot-password',
      payload: { username: 'nobody-at-all' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });
});
