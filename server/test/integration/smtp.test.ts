// The SMTP transport delivers to a real SMTP server (smtp-server on 127.0.0.1, never the internet).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailTransport } from '../../src/providers/mail/smtp.ts';
import { renderMail } from '../../src/providers/mail/templates.ts';

const received: { from: string; to: string[]; data: string }[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP transport', () => {
  it('sends the rendered French mail with its link', async () => {
    const transport = new SmtpMailTransport(
      `smtp://127.0.0.1:${port}`,
      'Chapitres <no-reply@chapitres.test>',
    );
    await transport.send(
      renderMail('fr', 'marie@example.org', {
        kind: 'password_reset',
        name: 'Marie',
        link: 'http://chapitres.test/reset-password?token=abc',
      }),
    );
    await transport.close();
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@chapitres.test');
    expect(received[0].to).toEqual(['marie@example.org']);
    expect(received[0].data).toContain('Subject: Choisissez un nouveau mot de passe');
    expect(received[0].data).toContain('reset-password?token=3Dabc');
  });
});
