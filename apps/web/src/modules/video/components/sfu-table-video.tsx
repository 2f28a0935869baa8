import { useEffect, useRef, useState } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TTable } from '@pavilion/domain/video/video.schemas';
import { videoApi, videoKeys } from '../api/video-api.ts';
import { openMedia, stopMedia } from '../call/peer.ts';
import { joinJanusRoom, type JanusRoom } from '../call/janus-room.ts';
import { feedLabeller } from '../lib/feed-labels.ts';
import { Tile } from './video-tile.tsx';

/** A remote feed; `display` is what its sender told Janus, kept only to tell it apart from the server's name. */
type Remote = { display: string; stream: MediaStream };

/**
 * A table's video above the mesh limit through Janus (issue 17). Seated, one joins the table's room at once (the server
 * gives the room, its tokens, and one's id and display name there) and sees everyone who has their video on, camera on
 * or not; turning video on publishes one's camera to the room, turning it off stops sending but keeps watching. Each
 * tile is named from the server's seat roster by the feed's publisher id (lib/feed-labels.ts), never by the display
 * name its sender gives Janus; the server shows another's id only once they are in the room, so a feed the roster
 * cannot name yet makes the lounge be read again (once per feed). Leaving the table (or being sent away) ends it.
 */
export default function SfuTableVideo({ eventId, table, iceServers, meshLimit }: { eventId: string; table: TTable; iceServers: RTCIceServer[]; meshLimit: number }) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isEnded, setEnded] = useState(false);
  const [isJoined, setJoined] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remotes, setRemotes] = useState<Record<number, Remote>>({});
  const qc = useQueryClient();
  const askedAbout = useRef(new Set<number>());
  const room = useRef<JanusRoom | null>(null);
  const localRef = useRef<MediaStream | null>(null);
  const alive = useRef(true);

  const stopCamera = () => {
    stopMedia(localRef.current);
    localRef.current = null;
    setLocal(null);
  };
  const leave = () => {
    room.current?.close();
    room.current = null;
    stopCamera();
    setRemotes({});
    setJoined(false);
  };

  /** Joins the table's room watching (no camera yet); answers the room, or null when it failed (the error shown). */
  const connect = async (): Promise<JanusRoom | null> => {
    setError(null);
    setEnded(false);
    try {
      const admission = await videoApi.sfuToken(eventId, table.id);
      if (admission.provider !== 'janus') throw new Error(admission.provider);
      const joined = await joinJanusRoom({
        url: admission.url,
        token: admission.token,
        roomToken: admission.roomToken,
        roomId: admission.roomId,
        publisherId: admission.publisherId,
        display: admission.display,
        iceServers,
        // A new object each time: the track list of the stream grew (audio, then video).
        onRemote: (id, display, stream) => setRemotes((r) => ({ ...r, [id]: { display, stream } })),
        onRemoteGone: (id) => setRemotes(({ [id]: _gone, ...rest }) => rest),
        onError: (reason) => setError(reason),
        onEnded: () => {
          room.current = null;
          stopCamera();
          setRemotes({});
          setJoined(false);
          setEnded(true);
        },
      });
      if (!alive.current) {
        joined.close();
        return null;
      }
      room.current = joined;
      setJoined(true);
      return joined;
    } catch (e) {
      if (alive.current) setError(e instanceof Error ? e.message : String(e));
      return null;
    }
  };

  useEffect(() => {
    alive.current = true;
    setBusy(true);
    void connect().finally(() => setBusy(false));
    return () => {
      alive.current = false;
      leave();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one room per mounted table
  }, [eventId, table.id]);

  const turnOn = async () => {
    setBusy(true);
    try {
      const r = room.current ?? (await connect());
      if (!r) return;
      const stream = await openMedia();
      if (!stream) {
        setError(t('video.call.noCamera'));
        return;
      }
      localRef.current = stream;
      setLocal(stream);
      await r.publish(stream);
    } catch (e) {
      stopCamera();
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    stopCamera();
    await room.current?.unpublish();
  };

  // A feed whose id the roster lacks: its holder joined after the lounge was read. Read it again, once per feed.
  useEffect(() => {
    const named = new Set(table.seated.flatMap((s) => (s.feedId ? [s.feedId] : [])));
    const unnamed = Object.keys(remotes)
      .map(Number)
      .filter((id) => !named.has(id) && !askedAbout.current.has(id));
    if (unnamed.length === 0) return;
    for (const id of unnamed) askedAbout.current.add(id);
    void qc.invalidateQueries({ queryKey: videoKeys.lounge(eventId) });
  }, [remotes, table.seated, qc, eventId]);

  const isOn = local !== null;
  const others = Object.entries(remotes);
  const labelOf = feedLabeller(table.seated, t('video.lounge.unverifiedFeed'));
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
      {isEnded && (
        <Alert color="gray" variant="light" role="status">
          {t('video.lounge.videoSfuEnded')}
        </Alert>
      )}
      {(isOn || others.length > 0) && (
        <SimpleGrid cols={2} spacing="xs">
          {isOn && <Tile stream={local} label={t('video.call.you')} isMuted />}
          {others.map(([id, r]) => (
            <Tile key={id} stream={r.stream} label={labelOf(Number(id))} isMuted={false} />
          ))}
        </SimpleGrid>
      )}
      {isJoined && !isBusy && others.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('video.lounge.videoSfuNobody')}
        </Text>
      )}
      <Button variant={isOn ? 'default' : 'light'} leftSection={isOn ? <IconVideoOff size={16} aria-hidden /> : <IconVideo size={16} aria-hidden />} onClick={() => void (isOn ? turnOff() : turnOn())} loading={isBusy}>
        {isOn ? t('video.lounge.videoStop') : t('video.lounge.videoStart')}
      </Button>
    </Stack>
  );
}
