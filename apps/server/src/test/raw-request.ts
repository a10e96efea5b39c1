import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** What a raw request answered. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequestOptions {
  /** The client's address: any 127.x address is this host (a client of its own to the shop). */
  from?: string;
  headers?: Record<string, string>;
  method?: string;
  /** Sent as JSON, with the content type and a same-site Origin a browser would send. */
  body?: unknown;
}

/**
 * One request over a new connection, with the path exactly as written (no URL parsing: `//`,
 * `/./` and `%2e` reach the server as they are), from `from`.
 */
export function rawRequest(
  port: number,
  path: string,
  { from = '127.0.0.1', headers = {}, method = 'GET', body }: RawRequestOptions = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress: from,
        agent: false,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', origin: 'http://localhost:3000' }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
