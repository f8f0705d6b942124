import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the API process and PostgreSQL, so a test can take the database away without touching
 * the machine's shared server: `refuse()` stops accepting (new connections are refused) and cuts every open
 * one; `silence()` keeps accepting but forwards nothing, as a dead network or a powered-off host would
 * (nothing is refused, nothing answers); `delay()` holds every byte until `restore()`, then lets it through in
 * order, as a stalled database or network would (a lock, a pause, a congested link: slow, not gone);
 * `restore()` lets connections through again.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<[Socket, Socket | null]>();
  private mode: 'open' | 'refused' | 'silent' | 'delayed' = 'open';
  /** What `delay()` holds back, in arrival order: sent on by `restore()`. */
  private held: { to: Socket; chunk: Buffer }[] = [];
  port = 0;

  constructor(
    readonly targetHost: string,
    readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    // Half-open allowed: a client's FIN is answered only by forwarding it, so a silent proxy answers nothing,
    // not even the end of a connection (a client waiting for its close waits, as with a dead host).
    const server = createServer({ allowHalfOpen: true }, (client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  private accept(client: Socket): void {
    client.on('error', () => {});
    if (this.mode === 'silent') {
      // Taken, and never answered.
      const pair: [Socket, Socket | null] = [client, null];
      this.pairs.add(pair);
      client.on('close', () => this.pairs.delete(pair));
      return;
    }
    const upstream = createConnection(this.targetPort, this.targetHost);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const pair: [Socket, Socket | null] = [client, upstream];
    this.pairs.add(pair);
    const forget = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget);
    upstream.on('close', forget);
    client.on('data', (chunk: Buffer) => this.forward(upstream, chunk));
    upstream.on('data', (chunk: Buffer) => this.forward(client, chunk));
    // A dead host answers no goodbye either: a silent proxy passes on no end of a connection.
    client.on('end', () => {
      if (this.mode !== 'silent') upstream.end();
    });
  }

  private forward(to: Socket, chunk: Buffer): void {
    if (this.mode === 'silent') return;
    if (this.mode === 'delayed') this.held.push({ to, chunk });
    else to.write(chunk);
  }

  /** Connections made now are refused (nothing listens), and open ones are cut (RST). */
  async refuse(): Promise<void> {
    this.mode = 'refused';
    const server = this.server;
    this.server = null;
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream?.destroy();
    }
    this.pairs.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Nothing is refused and nothing answers: bytes in either direction are dropped. */
  silence(): void {
    this.mode = 'silent';
  }

  /** Nothing is refused and nothing is lost, but nothing arrives until `restore()`. */
  delay(): void {
    this.mode = 'delayed';
  }

  /**
   * Back to forwarding, on the same port. Connections that were silenced are cut: their bytes are lost. Bytes
   * held by `delay()` are sent first, in the order they came.
   */
  async restore(): Promise<void> {
    const held = this.held;
    this.held = [];
    for (const { to, chunk } of held) if (!to.destroyed) to.write(chunk);
    if (this.mode === 'silent') {
      for (const [client, upstream] of this.pairs) {
        client.resetAndDestroy();
        upstream?.destroy();
      }
      this.pairs.clear();
    }
    this.mode = 'open';
    if (!this.server) await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.refuse();
  }
}
