/**
 * The e-mail port the store sends through. Production: SMTP (./smtp.ts, nodemailer); development
 * and tests: the local SMTP stand-in, chosen in the composition root (api/src/app.ts). The store
 * never sends directly: it writes an outbox row (./outbox.ts) and the sender (./sender.ts) delivers.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body (the same content). */
  html: string;
}

export interface MailTransport {
  /** Hands the message to the mail server; resolves with its message id, throws when it was not accepted. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close?(): Promise<void>;
}
