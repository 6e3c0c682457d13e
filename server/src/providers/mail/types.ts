// The mail seam: an outbox kept in the database (default) or SMTP.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers, e.g. RFC 8058 one-click unsubscribe (`List-Unsubscribe`, `List-Unsubscribe-Post`) on
   * the weekly question. SMTP sends them; the outbox does not keep them (no column yet).
   */
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
