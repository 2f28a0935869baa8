/**
 * Phase timings of a start (no imports: main.ts's entry chunk loads this before the app, see first-start.ts).
 */
export type Phase = { wallMs: number; cpuMs: number };
export type DatabaseStartup = {
  open: Phase;
  migrate: Phase;
  /** `script`: a new database got every migration in one script (db.ts newDatabaseScript); `drizzle`: drizzle's migrator. */
  migratedBy: 'script' | 'drizzle';
  /** Where an embedded data dir came from: the build's template (data-template.ts), PGlite's initdb, or it existed. */
  dataDirFrom: 'template' | 'initdb' | 'existing' | 'memory';
};

/** Times a phase in wall and in this process's CPU (user + system): on a shared machine the CPU is the honest figure. */
export async function timePhase<T>(run: () => Promise<T>): Promise<[T, Phase]> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return [value, { wallMs: Math.round(performance.now() - wall), cpuMs: Math.round((used.user + used.system) / 1000) }];
}
