// Sends through an SMTP server (SMTP_URL) with nodemailer, loaded only when this transport is chosen.
import type { Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './types.ts';

export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private transporter: Promise<Transporter>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = import('nodemailer').then((nodemailer) =>
      nodemailer.createTransport(smtpUrl),
    );
  }

  async send(message: MailMessage): Promise<void> {
    const transporter = await this.transporter;
    // `headers` (List-Unsubscribe…) go through as they are.
    await transporter.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    (await this.transporter).close();
  }
}
