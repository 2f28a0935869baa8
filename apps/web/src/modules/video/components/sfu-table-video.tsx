import { useEffect, useRef, useState } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TTable } from '@pavilion/domain/video/video.schemas';
import { videoApi } from '../api/video-api.ts';
import { openMedia, stopMedia } from '../call/peer.ts';
import { joinJanusRoom, type JanusRoom } from '../call/janus-room.ts';
import { Tile } from './video-tile.tsx';

/**
 * A table's video above the mesh limit through Janus (issue 17): turning video on asks the server for the table's room
 * and its signed tokens, publishes the camera to the room and receives everyone else who publishes there.
 */
export default function SfuTableVideo({ eventId, table, me, iceServers, meshLimit }: { eventId: string; table: TTable; me: string; iceServers: RTCIceServer[]; meshLimit: number }) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [isOn, setOn] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  const room = useRef<JanusRoom | null>(null);
  const localRef = useRef<MediaStream | null>(null);

  const stop = () => {
    room.current?.close();
    room.current = null;
    stopMedia(localRef.current);
    localRef.current = null;
    setLocal(null);
    setRemotes({});
    setOn(false);
  };
  useEffect(() => () => stop(), []);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const admission = await videoApi.sfuToken(eventId, table.id);
      if (admission.provider !== 'janus') throw new Error(admission.provider);
      const stream = await openMedia();
      localRef.current = stream;
      setLocal(stream);
      room.current = await joinJanusRoom({
        url: admission.url,
        token: admission.token,
        roomToken: admission.roomToken,
        roomId: admission.roomId,
        display: me,
        local: stream,
        iceServers,
        // A new object each time: the track list of the stream grew (audio, then video).
        onRemote: (who, s) => setRemotes((r) => ({ ...r, [who]: s })),
        onRemoteGone: (who) => setRemotes(({ [who]: _gone, ...rest }) => rest),
        onError: (reason) => setError(reason),
      });
      setOn(true);
    } catch (e) {
      stop();
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const names = new Map(table.seated.map((s) => [s.eventUserId, s.name]));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('video.lounge.videoSfu', { n: meshLimit })}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {t('video.lounge.videoSfuError', { reason: error })}
        </Alert>
      )}
      {isOn && (
        <SimpleGrid cols={2} spacing="xs">
          <Tile stream={local} label={t('video.call.you')} isMuted />
          {Object.entries(remotes).map(([id, stream]) => (
            <Tile key={id} stream={stream} label={names.get(id) ?? ''} isMuted={false} />
          ))}
        </SimpleGrid>
      )}
      <Button variant={isOn ? 'default' : 'light'} leftSection={isOn ? <IconVideoOff size={16} aria-hidden /> : <IconVideo size={16} aria-hidden />} onClick={() => (isOn ? stop() : void start())} loading={isBusy}>
        {isOn ? t('video.lounge.videoStop') : t('video.lounge.videoStart')}
      </Button>
    </Stack>
  );
}
