import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Connections made through the proxy so far. */
  readonly connections: number;
  /** Destroys every open connection and stops listening: connects are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `target` (host:port) on a free local port: each accepted connection is piped
 * to a new connection to the target. `cut()` is what the clients see of a database restart:
 * their connections drop and new ones are refused until `restore()`.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((client) => {
    connections += 1;
    const upstream = connect(target);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('the proxy has no port'));
      });
    });
  const port = await listen(0);
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      // The callback waits for the connections, which are destroyed just after.
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
      open.clear();
    });
  return {
    port,
    get connections() {
      return connections;
    },
    cut: stopListening,
    async restore() {
      await listen(port);
    },
    close: stopListening,
  };
}
