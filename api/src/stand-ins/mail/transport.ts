/**
 * The mail port over the local SMTP stand-in: the store's SMTP adapter, sent to a LocalSmtpServer
 * started on first use (plain SMTP on 127.0.0.1; the server never leaves the machine).
 */
import { SmtpMailTransport } from '../../store/mail/smtp.js';
import type { MailMessage, MailTransport } from '../../store/mail/port.js';
import { LocalSmtpServer, type LocalSmtpOptions } from './smtp-server.js';

export class LocalSmtpTransport implements MailTransport {
  readonly server: LocalSmtpServer;
  private transport: Promise<SmtpMailTransport> | null = null;

  constructor(
    private readonly from: string,
    options: LocalSmtpOptions & { port?: number } = {},
  ) {
    this.server = new LocalSmtpServer(options);
    this.port = options.port ?? 0;
  }

  private readonly port: number;

  async send(message: MailMessage): Promise<{ messageId: string }> {
    this.transport ??= this.server.start(this.port).then((url) => new SmtpMailTransport({ url, from: this.from, requireTls: false, timeoutMs: 5_000 }));
    return (await this.transport).send(message);
  }

  async close(): Promise<void> {
    if (this.transport) await (await this.transport).close();
    await this.server.close();
  }
}
