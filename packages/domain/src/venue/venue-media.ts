/**
 * Which video URLs a venue page may embed, and how (issue 14): only https links to YouTube, Vimeo or an .mp4 file.
 * YouTube plays from youtube-nocookie.com, Vimeo from player.vimeo.com; the web puts either in a sandboxed iframe
 * (the server's CSP allows frames from those two hosts only) and an .mp4 in a <video>. Pure: browser and server.
 */
export type TVideoEmbed =
  | { readonly kind: 'youtube'; readonly id: string; readonly embedUrl: string }
  | { readonly kind: 'vimeo'; readonly id: string; readonly embedUrl: string }
  | { readonly kind: 'mp4'; readonly src: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function httpsUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return url;
}

/** True for an absolute https URL without credentials (join links, live streams). */
export function isHttpsUrl(text: string): boolean {
  return httpsUrl(text) !== null;
}

/** The embed of a YouTube, Vimeo or .mp4 https URL; null for anything else. */
export function videoEmbedOf(text: string): TVideoEmbed | null {
  const url = httpsUrl(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = parts[0] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') youtubeId = url.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'live' || parts[0] === 'shorts') youtubeId = parts[1] ?? null;
  }
  if (youtubeId !== null) {
    return YOUTUBE_ID.test(youtubeId) ? { kind: 'youtube', id: youtubeId, embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}` } : null;
  }
  const vimeoId = host === 'vimeo.com' || host === 'www.vimeo.com' ? parts[0] : host === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : undefined;
  if (vimeoId !== undefined) return VIMEO_ID.test(vimeoId) ? { kind: 'vimeo', id: vimeoId, embedUrl: `https://player.vimeo.com/video/${vimeoId}` } : null;
  if (url.pathname.toLowerCase().endsWith('.mp4')) return { kind: 'mp4', src: url.href };
  return null;
}

/** The frame hosts the embeds above use (the server's CSP frame-src). */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;
