import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';

describe('RTC_ICE_SERVERS and LIVEKIT_* settings (issue 17)', () => {
  it('defaults to no ICE servers and no media server', () => {
    const c = loadConfig({});
    expect(c.RTC_ICE_SERVERS).toEqual([]);
    expect(c.LIVEKIT_URL).toBeUndefined();
  });
  it('reads a JSON list of STUN/TURN servers and refuses a malformed one', () => {
    const servers = [{ urls: 'stun:stun.example.org:3478' }, { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' }];
    expect(loadConfig({ RTC_ICE_SERVERS: JSON.stringify(servers) }).RTC_ICE_SERVERS).toEqual(servers);
    expect(() => loadConfig({ RTC_ICE_SERVERS: 'stun:nope' })).toThrow(ConfigError);
    expect(() => loadConfig({ RTC_ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/RTC_ICE_SERVERS/);
    expect(() => loadConfig({ LIVEKIT_URL: 'ftp://x' })).toThrow(/LIVEKIT_URL/);
    expect(() => loadConfig({ JANUS_URL: 'ws://janus:8188' })).toThrow(/JANUS_URL/);
    expect(() => loadConfig({ JANUS_TOKEN_SECRET: 'short' })).toThrow(/JANUS_TOKEN_SECRET/);
    // The token secret and the VideoRoom's admin key come with the URL (without the key, participants could create rooms).
    expect(() => loadConfig({ JANUS_URL: 'http://127.0.0.1:8088/janus', JANUS_TOKEN_SECRET: 'a-janus-token-secret' })).toThrow(/JANUS_ADMIN_KEY: required with JANUS_URL/);
    expect(() => loadConfig({ JANUS_URL: 'http://127.0.0.1:8088/janus', JANUS_ADMIN_KEY: 'k' })).toThrow(/JANUS_TOKEN_SECRET: required with JANUS_URL/);
    expect(loadConfig({ JANUS_URL: 'http://127.0.0.1:8088/janus', JANUS_TOKEN_SECRET: 'a-janus-token-secret', JANUS_ADMIN_KEY: 'k' })).toMatchObject({ JANUS_URL: 'http://127.0.0.1:8088/janus' });
  });
});
