/**
 * A local SMTP server standing in for the mail provider (development and tests): it speaks SMTP
 * (smtp-server), requires the user and password it was given, keeps the messages it receives in
 * memory (parsed: recipients, subject, text and HTML) and reports each one (`onMessage`). `failNext`
 * makes it refuse the next deliveries with a temporary error (451), as a failing provider would.
 * It listens on 127.0.0.1 only.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface LocalSmtpOptions {
  user?: string;
  password?: string;
  /** Called for each message received (the development log line). */
  onMessage?: (mail: ReceivedMail) => void;
}

export class LocalSmtpServer {
  readonly messages: ReceivedMail[] = [];
  /** The next this many deliveries are refused with 451 (a temporary failure). */
  failNext = 0;
  private readonly server: SMTPServer;
  private port = 0;
  private started: Promise<void> | null = null;

  constructor(private readonly options: LocalSmtpOptions = {}) {
    const user = options.user ?? 'fernleaf';
    const password = options.password ?? 'local-smtp-password';
    this.options = { ...options, user, password };
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === user && auth.password === password) return callback(null, { user });
        return callback(new Error('Invalid username or password'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.failNext > 0) {
            this.failNext -= 1;
            const error = new Error('Temporary local problem, try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          simpleParser(Buffer.concat(chunks))
            .then((parsed) => {
              const mail: ReceivedMail = {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
              };
              this.messages.push(mail);
              if (this.messages.length > 500) this.messages.shift();
              this.options.onMessage?.(mail);
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
  }

  /** Listens (once) on 127.0.0.1 at `port` (0: a free one); resolves with the SMTP URL to send to. */
  async start(port = 0): Promise<string> {
    this.started ??= new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.server.address() as { port: number }).port;
        resolve();
      });
    });
    await this.started;
    return this.url;
  }

  get url(): string {
    return `smtp://${encodeURIComponent(this.options.user!)}:${encodeURIComponent(this.options.password!)}@127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    if (!this.started) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.started = null;
  }
}
