import { ConfigError, loadConfig, type AppConfig } from './platform/config.ts';
import { initialiseInChild, isFirstEmbeddedStart, isFirstStartChild, runFirstStartChild } from './first-start.ts';

function config(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const cfg = config();
  // The server's modules (the bundle's `app` chunk: every route, service and npm package) load while a first start's
  // child works on the other core, not after it: a second or so of a new install's start (docs/PERFORMANCE.md).
  const modules = Promise.all([import('./app.ts'), import('./modules/demo/index.ts')]);
  modules.catch(() => undefined); // awaited below; this only keeps a failure from being reported before then
  // An empty embedded data dir is initialised (and the demo told) in a child process first: see first-start.ts.
  if (isFirstEmbeddedStart(cfg)) await initialiseInChild(cfg, import.meta.url);
  const [{ buildApp }, { seedDemoIfWanted }] = await modules;
  const { app, ctx } = await buildApp(cfg);
  await seedDemoIfWanted(ctx, app.log);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: cfg.PORT, host: cfg.HOST });
  app.log.info(`Pavilion is running on http://localhost:${cfg.PORT} (database: ${ctx.database.kind})`);
}

(isFirstStartChild() ? runFirstStartChild(config()).then(() => process.exit(0)) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
