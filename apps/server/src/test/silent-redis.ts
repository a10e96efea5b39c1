import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A Redis that never answers a command. `handshake: false`: it accepts connections and never
 * says a word (the client never becomes ready). `handshake: true`: it answers the connection's
 * handshake (HELLO, CLIENT, INFO), so the client is ready, then lets every command time out, as a
 * Redis does whose answers arrive too late (finding 11's event-loop stall).
 */
export async function startSilentRedis({ handshake }: { handshake: boolean }): Promise<{
  url: string;
  /** Commands it received after the handshake (and never answered). */
  readonly unanswered: number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let unanswered = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (data) => {
      // Each command is a RESP array: `*<n>\r\n$<len>\r\n<name>\r\n...`.
      for (const command of data.toString('latin1').split('*').slice(1)) {
        const name = command.split('\r\n')[2]?.toLowerCase();
        if (!handshake || name === undefined) continue;
        if (name === 'hello') socket.write('%1\r\n+proto\r\n:3\r\n');
        else if (name === 'client' || name === 'select') socket.write('+OK\r\n');
        else if (name === 'info') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        } else unanswered += 1;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get unanswered() {
      return unanswered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
