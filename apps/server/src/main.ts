// The server's entry point (`npm start`, `node apps/server/dist/main.js`). Stack traces name the
// TypeScript sources (the build writes source maps): switched on here, before any other module
// of the server is loaded, because only modules loaded afterwards are mapped.
process.setSourceMapsEnabled(true);
await import('./start.js');
