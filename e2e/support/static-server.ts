import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

export interface StaticServer {
  port: number;
  /** Paths requested so far (with the Host header), oldest first. */
  requests: { host: string; path: string }[];
  /** `http://<host>:<port><file>`; host defaults to localhost. */
  url(file: string, host?: string): string;
  close(): Promise<void>;
}

/**
 * A static file server with CORS, like a remote's dev server or another CDN: serves `root` on every
 * interface so it answers as http://localhost:<port> and http://127.0.0.1:<port>.
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const base = path.resolve(root);
  const requests: StaticServer['requests'] = [];
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push({ host: request.headers.host ?? '', path: pathname });
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cache-Control', 'no-store');
    const file = path.resolve(base, `.${pathname}`);
    if (!file.startsWith(base + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // no host: dual-stack where IPv6 exists, so both localhost (::1 or 127.0.0.1) and 127.0.0.1 answer
    server.listen(0, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    url: (file, host = 'localhost') => `http://${host}:${port}${file.startsWith('/') ? file : `/${file}`}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
