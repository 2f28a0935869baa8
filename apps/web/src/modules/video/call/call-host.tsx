import '../video-i18n.ts';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { ActionIcon, Box, Button, Group, Modal, Paper, Portal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconPhone, IconPhoneOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { useParticipantSocket } from '../../chat/index.ts';
import { videoExpiry } from '../api/video-token.ts';
import { calls, type TCallState } from './call-store.ts';

const SessionExpiredDialog = lazy(() => import('../../../app/dialogs.tsx').then((m) => ({ default: m.SessionExpiredDialog })));

function useCall(): TCallState {
  return useSyncExternalStore(calls.subscribe, calls.get, calls.get);
}

/** A <video> showing a stream (srcObject is not an attribute React sets). */
function StreamVideo({ stream, label, isMuted, testId, isMirrored = false, fit = 'cover' }: { stream: MediaStream | null; label: string; isMuted: boolean; testId: string; isMirrored?: boolean; fit?: 'cover' | 'contain' }) {
  const ref = useRef<HTMLVideoElement>(null);
  const trackCount = stream?.getTracks().length ?? 0;
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (v.srcObject !== stream) v.srcObject = stream;
    if (stream) void v.play().catch(() => undefined);
  }, [stream, trackCount]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      muted={isMuted}
      style={{ width: '100%', height: '100%', objectFit: fit, background: '#111', transform: isMirrored ? 'scaleX(-1)' : undefined, display: 'block' }}
    />
  );
}

/** SPEC §7 incomingCall: an alert dialog on whatever page the attendee is, with Accept and Decline. */
function IncomingCall({ call }: { call: TCallState }) {
  const { t } = useTranslation();
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    accept.current?.focus();
  }, []);
  return (
    <Portal>
      <Paper
        role="alertdialog"
        aria-modal="false"
        aria-labelledby="incoming-call-title"
        aria-describedby="incoming-call-body"
        shadow="xl"
        radius="md"
        withBorder
        p="md"
        onKeyDown={(e) => e.key === 'Escape' && calls.decline()}
        style={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 2500, width: 'min(360px, calc(100vw - 24px))' }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="incoming-call-title">
            {t('video.call.incomingTitle')}
          </Title>
          <Text id="incoming-call-body">{t('video.call.incomingBody', { name: call.peer?.name ?? '' })}</Text>
          <Group grow>
            <Button ref={accept} color="teal.9" leftSection={<IconPhone size={16} aria-hidden />} onClick={() => void calls.accept()}>
              {t('video.call.accept')}
            </Button>
            <Button color="red.8" variant="filled" leftSection={<IconPhoneOff size={16} aria-hidden />} onClick={() => calls.decline()}>
              {t('video.call.decline')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Portal>
  );
}

function statusLine(call: TCallState, t: (k: string, o?: Record<string, unknown>) => string): string {
  const name = call.peer?.name ?? '';
  if (call.phase === 'outgoing') return t('video.call.ringing', { name });
  if (call.phase === 'active') return call.connection === 'connected' ? t('video.call.inCall', { name }) : t('video.call.connecting');
  if (call.end === 'missed') return t('video.call.missed', { name });
  if (call.end === 'declined') return t('video.call.declined', { name });
  if (call.end === 'busy') return t('video.call.busy', { name });
  if (call.end === 'failed') return t('video.call.failed', { message: call.error ?? '' });
  return t('video.call.ended');
}

/** The call: the other side large, my camera small, mute / camera / hang-up controls. */
function CallScreen({ call }: { call: TCallState }) {
  const { t } = useTranslation();
  const isOver = call.phase === 'ended';
  const name = call.peer?.name ?? '';
  return (
    <Modal opened onClose={() => (isOver ? calls.close() : calls.hangUp())} fullScreen withCloseButton={false} closeOnClickOutside={false} title={name} styles={{ body: { padding: 0, height: 'calc(100dvh - 60px)' } }} zIndex={2400}>
      <Stack gap={0} h="100%">
        <Box pos="relative" style={{ flex: 1, minHeight: 0, background: '#111' }}>
          <StreamVideo stream={call.remote} label={t('video.call.remoteVideo', { name })} isMuted={false} testId="remote-video" fit="contain" />
          {call.local && !isOver && (
            <Box pos="absolute" bottom={12} right={12} w={{ base: 110, sm: 180 }} h={{ base: 82, sm: 135 }} style={{ borderRadius: 8, overflow: 'hidden', border: '2px solid white' }}>
              <StreamVideo stream={call.local} label={t('video.call.localVideo')} isMuted testId="local-video" isMirrored />
            </Box>
          )}
        </Box>
        <Stack gap="xs" p="md" align="center">
          <Text ta="center" aria-live="polite" data-testid="call-status">
            {statusLine(call, t)}
          </Text>
          {call.hasNoMedia && !isOver && (
            <Text size="sm" c="dimmed" ta="center">
              {t('video.call.noCamera')}
            </Text>
          )}
          {isOver ? (
            <Button onClick={() => calls.close()}>{t('video.call.close')}</Button>
          ) : (
            <Group gap="md">
              <Tooltip label={call.isMuted ? t('video.call.unmute') : t('video.call.mute')}>
                <ActionIcon size="xl" radius="xl" variant={call.isMuted ? 'filled' : 'default'} aria-pressed={call.isMuted} aria-label={t('video.call.mute')} onClick={() => calls.toggleMute()} disabled={!call.local}>
                  {call.isMuted ? <IconMicrophoneOff aria-hidden /> : <IconMicrophone aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label={call.isCameraOff ? t('video.call.cameraOn') : t('video.call.cameraOff')}>
                <ActionIcon size="xl" radius="xl" variant={call.isCameraOff ? 'filled' : 'default'} aria-pressed={call.isCameraOff} aria-label={t('video.call.cameraOff')} onClick={() => calls.toggleCamera()} disabled={!call.local?.getVideoTracks().length}>
                  {call.isCameraOff ? <IconVideoOff aria-hidden /> : <IconVideo aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <Button size="md" radius="xl" color="red.8" leftSection={<IconPhoneOff size={18} aria-hidden />} onClick={() => calls.hangUp()}>
                {t('video.call.hangUp')}
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}

/**
 * Mounted on every attendee page of a participant signed in to an event (app/root-layout.tsx): hands the shared chat
 * socket to the call controller, rings on incomingCall anywhere, and shows the call screen.
 */
export function CallHost() {
  const { t } = useTranslation();
  const eventData = useEventData();
  const socket = useParticipantSocket(eventData?.eventId ?? null, eventData?.eventUserId ?? null);
  const call = useCall();
  const isExpired = useSyncExternalStore(videoExpiry.subscribe, videoExpiry.get, videoExpiry.get);
  useEffect(() => {
    calls.attach(socket);
    const offs = [socket.on('incomingCall', (p) => calls.onIncoming(p)), socket.on('receivedCall', (p) => calls.onReceived(p)), socket.on('endCall', (p) => calls.onEnd(p)), socket.on('videoChat', (p) => calls.onSignal(p))];
    return () => {
      for (const off of offs) off();
      calls.attach(null);
    };
  }, [socket]);
  useEffect(() => {
    if (!call.missedFrom) return;
    toast(t('video.call.missedIncoming', { name: call.missedFrom }), 'info');
    calls.dismissMissed();
  }, [call.missedFrom, t]);
  return (
    <>
      {call.phase === 'incoming' && <IncomingCall call={call} />}
      {(call.phase === 'outgoing' || call.phase === 'active' || call.phase === 'ended') && <CallScreen call={call} />}
      {isExpired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog force />
        </Suspense>
      )}
    </>
  );
}
