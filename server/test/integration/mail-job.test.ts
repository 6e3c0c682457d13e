// Mail goes out through the `mail.send` job: with MAIL_TRANSPORT=smtp an SMTP server that refuses a
// delivery gets it again on the job's retry, and nothing is kept in the outbox.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/build.ts';
import { signupBody } from '../support/factories.ts';

const received: { to: string[]; data: string }[] = [];
let attempts = 0;
let server: SMTPServer;
const env: Record<string, string> = { MAIL_TRANSPORT: 'smtp' };

// Registered before useTestApp's hooks, so SMTP_URL is known when the app is built.
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        attempts += 1;
        // The first delivery meets a temporary failure, as from a busy or restarting server.
        if (attempts === 1) {
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ctx = useTestApp({ env, deps: { mailRetry: { retryLimit: 3, retryDelaySeconds: 1 } } });

describe('mail through the job queue', () => {
  it('retries a refused SMTP delivery and delivers the validation mail', async () => {
    const body = signupBody({ current_language: 'en-US' });
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: body,
    });
    // The person is not kept waiting by the mail server.
    expect(signup.statusCode).toBe(201);
    await ctx.app.services.queue.drain(20_000);
    expect(attempts).toBe(2);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([body.email]);
    expect(received[0].data).toContain('Subject: Confirm your email address');
    // Undo quoted-printable soft line breaks and the escaped '=' to read the link.
    const decoded = received[0].data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toMatch(/http:\/\/chapitres\.test\/email-validation\?token=[\w-]{20,}/);
  });

  it('has no outbox mailbox when mail is really sent', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
