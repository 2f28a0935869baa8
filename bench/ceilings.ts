/**
 * Ceilings the benches print beside their figures, measured in the same run: a bare node:http server in its own
 * process (as Pavilion runs in its own), answering every request with a fixed JSON body, after reading and parsing
 * the request's JSON body when there is one. What a Pavilion route reaches as a share of it is the figure that does
 * not move with the machine's load.
 */
import { spawn } from 'node:child_process';

export async function bareJsonServer(port: number, answer: unknown): Promise<{ url: string; close(): void }> {
  const body = JSON.stringify(answer);
  const source = `const b = ${JSON.stringify(body)};
require('node:http').createServer((q, s) => {
  const chunks = [];
  q.on('data', (c) => chunks.push(c));
  q.on('end', () => {
    if (chunks.length) JSON.parse(Buffer.concat(chunks).toString('utf8'));
    s.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(b) });
    s.end(b);
  });
}).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill() };
}

/**
 * A bare node:http server in its own process that answers every request 304 Not Modified with the given ETag: the
 * ceiling for a revalidation, whose cost is mostly per-request overhead (no body is built or sent).
 */
export async function bareNotModifiedServer(port: number, etag: string): Promise<{ url: string; close(): void }> {
  const source = `require('node:http').createServer((q, s) => {
  q.resume();
  q.on('end', () => {
    s.writeHead(304, { etag: ${JSON.stringify(etag)}, 'cache-control': 'public, no-cache' });
    s.end();
  });
}).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill() };
}
