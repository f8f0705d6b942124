import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), dot-stuffing undone. */
  data: string;
  /** When the sink took it (Date.now()). */
  at: number;
}

/**
 * A local SMTP server speaking just enough of the protocol for nodemailer (EHLO, MAIL, RCPT, DATA, RSET, NOOP,
 * QUIT, no TLS): it keeps what it receives, or refuses every message while `refuse` holds a reply.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** When set, MAIL FROM is answered with it (a 4xx or 5xx line) and nothing is taken. */
  refuse: string | null = null;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async start(): Promise<void> {
    const server = net.createServer((socket) => this.serve(socket));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private serve(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail | null = null;
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 sink ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (mail) this.received.push({ ...mail, data, at: Date.now() });
          mail = null;
          say('250 2.0.0 queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          say('250-sink');
          say('250-8BITMIME');
          say('250 SMTPUTF8');
        } else if (verb === 'HELO') say('250 sink');
        else if (verb === 'MAIL') {
          if (this.refuse) say(this.refuse);
          else {
            mail = { from: line.replace(/^MAIL FROM:\s*/i, '').split(' ')[0] ?? '', to: [], data: '', at: 0 };
            say('250 2.1.0 ok');
          }
        } else if (verb === 'RCPT') {
          mail?.to.push(line.replace(/^RCPT TO:\s*/i, '').split(' ')[0] ?? '');
          say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          mail = null;
          say('250 ok');
        } else if (verb === 'NOOP') say('250 ok');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
          return;
        } else say('502 5.5.2 command not implemented');
      }
    });
  }
}

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, `=XX` bytes read as UTF-8. */
function decodeQuoted(value: string): string {
  return Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** RFC 2047 words of a header (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) to text. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, encoded: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(encoded, 'base64').toString('utf8')
      : decodeQuoted(encoded.replace(/_/g, ' ')),
  );
}

/** A mail as the sink took it, its subject and its one text part decoded from their MIME encodings. */
export function readMail(mail: Pick<ReceivedMail, 'data' | 'to'>): {
  to: string[];
  subject: string;
  text: string;
} {
  const [head = '', ...rest] = mail.data.split('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  const body = rest.join('\r\n\r\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuoted(body)
        : body;
  return { to: mail.to, subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n') };
}
