// The baseline of the load benchmarks: a bare node:http server that answers each request with
// the exact status, headers and body the shop gave for that case (security headers, request id
// and all), and does nothing else. Started as a child of the benchmark (same process tree); its
// answers arrive over IPC: { responses: { "GET /api/products": { status, headers, body }, ... } },
// and it replies { port } once it listens.
import { createServer } from 'node:http';

/** @type {Map<string, { status: number, headers: Record<string, string | number>, body: Buffer }>} */
const routes = new Map();

const server = createServer((req, res) => {
  const route = routes.get(`${req.method} ${req.url}`);
  // The shop reads every request body before it answers: so does the baseline.
  req.resume();
  req.on('end', () => {
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not a benchmark case');
      return;
    }
    res.writeHead(route.status, route.headers).end(route.body);
  });
});

process.once('message', (message) => {
  for (const [key, { status, headers, body }] of Object.entries(message.responses)) {
    const bytes = Buffer.from(body);
    routes.set(key, {
      status,
      headers: { ...headers, 'content-length': bytes.length },
      body: bytes,
    });
  }
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});

process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
