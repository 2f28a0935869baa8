import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, tmpdir } from 'node:os';
import { join } from 'node:path';

export type RunningJanus = {
  /** The Janus HTTP API's base URL (http://127.0.0.1:<port>/janus). */
  url: string;
  tokenSecret: string;
  apiSecret: string;
  adminKey: string;
  /** Janus's log so far (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
};

const JANUS = process.env.JANUS_PATH ?? '/usr/bin/janus';
const LIB = process.env.JANUS_LIB_FOLDER ?? `/usr/lib/${arch() === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/janus`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts Debian's Janus (scripts/ensure-janus.sh installs it) for a test: a generated config dir in a temp folder,
 * only the VideoRoom plugin and the plain HTTP transport (on a free localhost port), signed tokens on
 * (`token_auth_secret`: HMAC-SHA1, expiring), an API secret for the server's own calls, the VideoRoom's admin_key so
 * only the server creates rooms, numeric room ids (Janus's default), and mDNS candidates ignored (one machine, no multicast DNS).
 * Without Janus it fails at once, saying how to install it.
 */
export async function startJanus(secrets: Partial<Pick<RunningJanus, 'tokenSecret' | 'apiSecret' | 'adminKey'>> = {}): Promise<RunningJanus> {
  if (!existsSync(JANUS) || !existsSync(join(LIB, 'plugins', 'libjanus_videoroom.so'))) {
    throw new Error(`Janus is not installed (${JANUS}, ${LIB}/plugins/libjanus_videoroom.so): run scripts/ensure-janus.sh (as root) or \`sudo apt-get install -y janus\``);
  }
  const tokenSecret = secrets.tokenSecret ?? 'janus-token-secret-for-tests-0123456789';
  const apiSecret = secrets.apiSecret ?? 'janus-api-secret-for-tests-0123456789';
  const adminKey = secrets.adminKey ?? 'janus-room-admin-key-for-tests-0123';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pavilion-janus-'));
  // Only the plugin and the transport it needs: Janus loads every library in these folders.
  for (const [folder, lib] of [
    ['plugins', 'libjanus_videoroom.so'],
    ['transports', 'libjanus_http.so'],
  ] as const) {
    mkdirSync(join(dir, folder));
    symlinkSync(join(LIB, folder, lib), join(dir, folder, lib));
  }
  mkdirSync(join(dir, 'events'));
  mkdirSync(join(dir, 'loggers'));
  const logFile = join(dir, 'janus.log');
  writeFileSync(
    join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${dir}/plugins"
  transports_folder = "${dir}/transports"
  events_folder = "${dir}/events"
  loggers_folder = "${dir}/loggers"
  debug_level = 4
  api_secret = "${apiSecret}"
  token_auth = true
  token_auth_secret = "${tokenSecret}"
  admin_secret = "${apiSecret}-admin"
  session_timeout = 60
}
certificates: {
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  ignore_mdns = true
  nice_debug = false
}
plugins: {
}
transports: {
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    join(dir, 'janus.transport.http.jcfg'),
    `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
}
cors: {
}
`,
  );
  writeFileSync(
    join(dir, 'janus.plugin.videoroom.jcfg'),
    `general: {
  admin_key = "${adminKey}"
}
`,
  );
  const child: ChildProcess = spawn(JANUS, ['-C', join(dir, 'janus.jcfg'), '-F', dir, '-L', logFile, '-N', '-o'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') + stderr.join('');
  const url = `http://127.0.0.1:${port}/janus`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`janus exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/info`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`janus not ready in 20 s:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    tokenSecret,
    apiSecret,
    adminKey,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
