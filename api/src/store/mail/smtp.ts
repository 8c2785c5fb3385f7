/**
 * The production mail adapter: SMTP through nodemailer. SMTP_URL names the server and its
 * credentials (`smtps://user:pass@host:465`: TLS from the start; `smtp://user:pass@host:587`:
 * STARTTLS, required unless `requireTls` is false, which only the local stand-in uses).
 * MAIL_FROM is the sender address.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './port.js';

export interface SmtpSettings {
  url: string;
  from: string;
  /** Refuse to send over a connection without TLS (default true). */
  requireTls?: boolean;
  /** Connection, greeting and socket timeouts (ms; default 20000). */
  timeoutMs?: number;
}

export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    const url = new URL(settings.url);
    const secure = url.protocol === 'smtps:';
    const timeout = settings.timeoutMs ?? 20_000;
    this.transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      requireTLS: !secure && (settings.requireTls ?? true),
      ignoreTLS: !secure && settings.requireTls === false,
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transporter.sendMail({ from: this.settings.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    if ((info.rejected?.length ?? 0) > 0) throw new Error(`the mail server refused ${info.rejected!.length} recipient(s)`);
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
