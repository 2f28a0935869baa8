import { AspectRatio } from '@mantine/core';
import { videoEmbedOf } from '@pavilion/domain/venue/venue-media';

/**
 * A YouTube (nocookie) or Vimeo player in a sandboxed frame, or an .mp4 in a <video>; nothing for any other URL.
 * The server's CSP allows frames from those two players only.
 */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedOf(url);
  if (!embed) return null;
  if (embed.kind === 'mp4') {
    return <video controls preload="metadata" src={embed.src} aria-label={title} style={{ width: '100%', borderRadius: 8, background: '#000' }} />;
  }
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        src={embed.embedUrl}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        allowFullScreen
        style={{ border: 0, borderRadius: 8 }}
      />
    </AspectRatio>
  );
}
