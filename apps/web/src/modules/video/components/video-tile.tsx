import { useEffect, useRef } from 'react';
import { Box, Text } from '@mantine/core';

/** One person's picture at a table (their camera, or one's own, muted). */
export function Tile({ stream, label, isMuted }: { stream: MediaStream | null; label: string; isMuted: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
    if (stream) void ref.current?.play().catch(() => undefined);
  }, [stream]);
  return (
    <Box pos="relative" style={{ aspectRatio: '4 / 3', background: '#111', borderRadius: 8, overflow: 'hidden' }}>
      <video ref={ref} autoPlay playsInline muted={isMuted} aria-label={label} data-testid="table-video" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      <Text size="xs" c="white" pos="absolute" bottom={4} left={8} style={{ textShadow: '0 0 3px #000' }}>
        {label}
      </Text>
    </Box>
  );
}
