import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { parseMail, type ReceivedMail } from './mime';

/** A real SMTP server on loopback that keeps every message it receives. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer;
  /** When set, the server refuses messages (an outage of the mail provider). */
  failing = false;
  /** Milliseconds the server takes to accept each message (a slow mail provider). */
  delayMs = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const wait = this.delayMs ? new Promise((r) => setTimeout(r, this.delayMs)) : Promise.resolve();
          void wait.then(() => this.receive(chunks, session, callback));
        });
      },
    });
  }

  /** Keeps a message that has arrived, or refuses it while failing. */
  private receive(chunks: Buffer[], session: SMTPServerSession, callback: (error?: Error) => void): void {
    if (this.failing) return callback(new Error('451 Temporary failure, please try again later'));
    this.messages.push(
      parseMail(Buffer.concat(chunks).toString('utf8'), {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
      }),
    );
    callback();
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  /** Waits (up to 5 s) until at least `count` messages to an address have arrived; returns the newest. */
  async waitFor(address: string, count: number): Promise<ReceivedMail> {
    for (let i = 0; i < 100 && this.to(address).length < count; i++) await new Promise((r) => setTimeout(r, 50));
    return this.last(address);
  }

  /** The newest message to an address; fails if none arrived. */
  last(address: string): ReceivedMail {
    const list = this.to(address);
    if (!list.length) throw new Error(`No e-mail was sent to ${address}`);
    return list[list.length - 1];
  }
}
