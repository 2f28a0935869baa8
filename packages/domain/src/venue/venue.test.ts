import { describe, expect, it } from 'vitest';
import { isWithinOpeningHours, venuePageRefusal } from './venue-access.ts';
import { videoEmbedOf } from './venue-media.ts';
import { ZLobbyConfig, ZVirtualRoomConfig } from './venue.schemas.ts';

describe('videoEmbedOf', () => {
  it('embeds YouTube from youtube-nocookie, Vimeo from its player, and .mp4 files as they are', () => {
    expect(videoEmbedOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ kind: 'youtube', id: 'dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(videoEmbedOf('https://youtu.be/dQw4w9WgXcQ')?.kind).toBe('youtube');
    expect(videoEmbedOf('https://vimeo.com/76979871')).toEqual({ kind: 'vimeo', id: '76979871', embedUrl: 'https://player.vimeo.com/video/76979871' });
    expect(videoEmbedOf('https://cdn.example.org/welcome.MP4')).toEqual({ kind: 'mp4', src: 'https://cdn.example.org/welcome.MP4' });
  });

  it('refuses http, credentials, other hosts, scripts and malformed ids', () => {
    for (const bad of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/abc',
      'javascript:alert(1)//.mp4',
      'https://example.org/video.webm',
      'not a url',
    ]) expect(videoEmbedOf(bad), bad).toBeNull();
  });
});

describe('venuePageRefusal', () => {
  const now = new Date('2026-11-30T20:00:00Z'); // 1 December, 01:30 in Kolkata
  it('follows the portal menu: virtual and hybrid only, closed before the first day in the event time zone', () => {
    expect(venuePageRefusal('lobby', { eventMode: 2, startDate: '2026-11-01', timeZone: 'UTC' }, now)).toBe('VENUE_NOT_IN_EVENT_MODE');
    expect(venuePageRefusal('lobby', { eventMode: 3, startDate: '2026-12-01', timeZone: 'UTC' }, now)).toBe('VENUE_BEFORE_EVENT');
    expect(venuePageRefusal('lobby', { eventMode: 3, startDate: '2026-12-01', timeZone: 'Asia/Kolkata' }, now)).toBeNull();
    expect(venuePageRefusal('virtual-room', { eventMode: 1, startDate: '2026-11-30', timeZone: 'UTC' }, now)).toBeNull();
  });
});

describe('opening hours', () => {
  it('is open from opensAt up to closesAt in the event time zone, and says nothing without hours', () => {
    const at = new Date('2026-11-30T04:00:00Z'); // 09:30 in Kolkata
    expect(isWithinOpeningHours({ opensAt: '09:00', closesAt: '18:00' }, 'Asia/Kolkata', at)).toBe(true);
    expect(isWithinOpeningHours({ opensAt: '10:00', closesAt: '18:00' }, 'Asia/Kolkata', at)).toBe(false);
    expect(isWithinOpeningHours({ opensAt: null, closesAt: null }, 'Asia/Kolkata', at)).toBeNull();
  });
});

describe('venue configuration schemas', () => {
  it('refuses a hotspot off the banner, a video and an image together, and hours out of order', () => {
    const lobby = { bannerImageId: null, welcomeVideoUrl: null, welcomeImageId: null, hotspots: [] };
    expect(ZLobbyConfig.safeParse({ ...lobby, hotspots: [{ label: 'Hall', target: 'exhibition-hall', x: 101, y: 10 }] }).error?.issues[0]?.path).toEqual(['hotspots', 0, 'x']);
    expect(ZLobbyConfig.safeParse({ ...lobby, hotspots: [{ label: 'Bar', target: 'bar', x: 1, y: 1 }] }).success).toBe(false);
    expect(ZLobbyConfig.safeParse({ ...lobby, welcomeVideoUrl: 'https://youtu.be/dQw4w9WgXcQ', welcomeImageId: 'abcdefgh12' }).error?.issues[0]?.message).toBe('videoOrImage');
    const room = { title: 'Room', description: '', joinUrl: 'https://meet.example.org/r/1', opensAt: '18:00', closesAt: '09:00' };
    expect(ZVirtualRoomConfig.safeParse(room).error?.issues[0]?.message).toBe('timeCampare');
    expect(ZVirtualRoomConfig.safeParse({ ...room, joinUrl: 'http://meet.example.org' }).error?.issues[0]?.message).toBe('httpsUrlRequired');
    expect(ZVirtualRoomConfig.safeParse({ ...room, opensAt: null, closesAt: null }).success).toBe(true);
  });
});
