import { describe, expect, it } from 'vitest';
import { buildModules, defineModule, type Platform } from './app-module.ts';

// Two real definitions of the app would need a database; the list's rules are about order and names only, so these
// definitions build plain objects (cast to the names the app uses) and record what each received.
const platform = {} as Platform;
const built: string[] = [];
const events = defineModule({ name: 'events', needs: [], create: () => (built.push('events'), { service: 'events-service' }) as never });
const auth = defineModule({
  name: 'auth',
  needs: ['events'],
  create: (_p, m) => (built.push(`auth(${String((m.events as unknown as { service: string }).service)})`), {}) as never,
});

describe('buildModules', () => {
  it('builds in list order, giving each module the modules it needs', () => {
    built.length = 0;
    const modules = buildModules(platform, [events, auth] as never);
    expect(built).toEqual(['events', 'auth(events-service)']);
    expect(Object.keys(modules)).toEqual(['events', 'auth']);
  });

  it('refuses a module listed before one it needs, and a module listed twice', () => {
    expect(() => buildModules(platform, [auth, events] as never)).toThrow('Module auth needs events, which comes later in the module list (or not at all)');
    expect(() => buildModules(platform, [events, events] as never)).toThrow('Module events is listed twice');
  });
});
