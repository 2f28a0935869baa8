/**
 * Measures, on this machine (2 cores):
 * 1. GET /healthz on Pavilion vs a bare node:http server answering the same JSON, same run (goal ≥ 80 %).
 * 2. Cold start: process spawn to /readyz on an empty embedded data dir (goal ≤ 8 s).
 * 3. Idle RSS after start-up and a short warm-up (goal ≤ 250 MB).
 * Run: npm run bench   (results print as a Markdown table for docs/PERFORMANCE.md)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, rssMb, startPavilion } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function bare(): Promise<{ url: string; close(): void }> {
  const body = JSON.stringify({ status: 'OK', data: { uptime: 1 } });
  const srv = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/healthz`, close: () => srv.close() };
}

async function main() {
  const coldStarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await startPavilion(3900 + i);
    coldStarts.push(s.msToReady);
    await s.stop();
  }
  const app = await startPavilion(3910);
  await new Promise((r) => setTimeout(r, 2000));
  const idle = rssMb(app.child.pid!);
  const b = await bare();
  const bareRun = await load(b.url, seconds);
  const appRun = await load(`${app.url}/healthz`, seconds);
  const afterLoad = rssMb(app.child.pid!);
  b.close();
  await app.stop();
  const ratio = (appRun.rps / bareRun.rps) * 100;
  const median = [...coldStarts].sort((x, y) => x - y)[1]!;
  console.log(`| figure | value | goal |
|---|---|---|
| bare node:http GET /healthz | ${bareRun.rps.toFixed(0)} req/s (p99 ${bareRun.p99} ms) | |
| Pavilion GET /healthz | ${appRun.rps.toFixed(0)} req/s (p99 ${appRun.p99} ms) | |
| ratio | ${ratio.toFixed(1)} % | ≥ 80 % |
| cold start to /readyz (median of 3) | ${(median / 1000).toFixed(2)} s | ≤ 8 s |
| idle RSS | ${idle.toFixed(0)} MB | ≤ 250 MB |
| RSS after the load runs | ${afterLoad.toFixed(0)} MB | |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
