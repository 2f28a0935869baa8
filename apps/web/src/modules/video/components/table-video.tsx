import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tableChannel, type TTable } from '@pavilion/domain/video/video.schemas';
import type { ParticipantSocket } from '../../chat/index.ts';
import { videoApi, videoKeys } from '../api/video-api.ts';
import { videoToken } from '../api/video-token.ts';
import { createPeer, openMedia, stopMedia, type Peer } from '../call/peer.ts';
import { Tile } from './video-tile.tsx';

/** The SFU (Janus) client is its own chunk: only tables above the mesh limit with Janus configured load it. */
const SfuTableVideo = lazy(() => import('./sfu-table-video.tsx'));

/**
 * A table's video as a mesh (one peer connection to each other seated person who turned video on), for tables of up
 * to MESH_VIDEO_LIMIT seats. Turning video on offers to everyone seated; an offer is answered with one's camera when
 * it is on, or receive-only. Larger tables run through the media server when it is Janus, and otherwise say that
 * they need one.
 */
export function TableVideo({ eventId, table, me, socket }: { eventId: string; table: TTable; me: string; socket: ParticipantSocket }) {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: videoKeys.rtcConfig(), queryFn: ({ signal }) => videoApi.rtcConfig(signal), staleTime: Infinity });
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [isOn, setOn] = useState(false);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  const peers = useRef(new Map<string, Peer>());
  const localRef = useRef<MediaStream | null>(null);
  const channel = tableChannel(table.id);
  const others = table.seated.filter((s) => s.eventUserId !== me);
  const limit = config.data?.meshLimit ?? 4;
  const isMesh = table.seats <= limit;

  const peerFor = (id: string, isOfferer: boolean): Peer => {
    let p = peers.current.get(id);
    if (p) return p;
    p = createPeer({
      iceServers: (config.data?.iceServers ?? []) as RTCIceServer[],
      local: localRef.current,
      polite: me < id,
      isOfferer,
      send: (signal) => void socket.emit('videoChat', { channel, to: id, signal }),
      onRemote: (stream) => setRemotes((r) => ({ ...r, [id]: stream })),
      onState: (s) => {
        if (s === 'failed' || s === 'closed') drop(id);
      },
    });
    peers.current.set(id, p);
    return p;
  };
  const drop = (id: string) => {
    peers.current.get(id)?.close();
    peers.current.delete(id);
    setRemotes(({ [id]: _gone, ...rest }) => rest);
  };

  useEffect(
    () =>
      socket.on('videoChat', (p) => {
        if (p.channel !== channel) return;
        if (p.signal.type === 'offer') {
          // A new offer from someone: a fresh connection to them (they turned video on, or again).
          drop(p.from);
          void peerFor(p.from, false).handle(p.signal).catch(() => undefined);
        } else void peers.current.get(p.from)?.handle(p.signal).catch(() => undefined);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the refs
    [socket, channel, config.data],
  );
  // Someone left the table: their connection goes.
  const seatedKey = others.map((o) => o.eventUserId).join(',');
  useEffect(() => {
    for (const id of [...peers.current.keys()]) if (!seatedKey.split(',').includes(id)) drop(id);
  }, [seatedKey]);
  useEffect(
    () => () => {
      for (const p of peers.current.values()) p.close();
      peers.current.clear();
      stopMedia(localRef.current);
    },
    [],
  );

  const start = async () => {
    await videoToken.token(channel).catch(() => null);
    const stream = await openMedia();
    localRef.current = stream;
    setLocal(stream);
    setOn(true);
    for (const o of others) {
      drop(o.eventUserId);
      void peerFor(o.eventUserId, true).offer().catch(() => undefined);
    }
  };
  const stop = () => {
    for (const id of [...peers.current.keys()]) drop(id);
    stopMedia(localRef.current);
    localRef.current = null;
    setLocal(null);
    setOn(false);
  };

  if (!isMesh && config.data?.sfu?.provider === 'janus') {
    return (
      <Suspense fallback={<Loader size="sm" />}>
        <SfuTableVideo eventId={eventId} table={table} iceServers={config.data.iceServers as RTCIceServer[]} meshLimit={limit} />
      </Suspense>
    );
  }
  if (!isMesh) {
    return (
      <Alert color="blue" variant="light" title={t('video.lounge.videoTitle')}>
        {config.data?.sfu ? t('video.lounge.videoSfuConfigured', { n: limit }) : t('video.lounge.videoNeedsSfu', { n: limit })}
      </Alert>
    );
  }
  const names = new Map(table.seated.map((s) => [s.eventUserId, s.name]));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('video.lounge.videoMesh', { n: limit })}
      </Text>
      {(isOn || Object.keys(remotes).length > 0) && (
        <SimpleGrid cols={2} spacing="xs">
          {isOn && <Tile stream={local} label={t('video.call.you')} isMuted />}
          {Object.entries(remotes).map(([id, stream]) => (
            <Tile key={id} stream={stream} label={names.get(id) ?? ''} isMuted={false} />
          ))}
        </SimpleGrid>
      )}
      <Button variant={isOn ? 'default' : 'light'} leftSection={isOn ? <IconVideoOff size={16} aria-hidden /> : <IconVideo size={16} aria-hidden />} onClick={() => (isOn ? stop() : void start())} disabled={!config.data}>
        {isOn ? t('video.lounge.videoStop') : t('video.lounge.videoStart')}
      </Button>
    </Stack>
  );
}
