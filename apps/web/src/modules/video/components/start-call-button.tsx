import '../video-i18n.ts';
import { useSyncExternalStore } from 'react';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { calls, type TCallPerson } from '../call/call-store.ts';

/**
 * Starts a 1:1 video call with `peer` (the chat conversation's header, a virtual meeting). The call itself shows in
 * the call host mounted on every attendee page. `channel`: a virtual meeting's own video channel.
 */
export function StartCallButton({ peer, channel, label, compact = false }: { peer: TCallPerson; channel?: string; label?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const call = useSyncExternalStore(calls.subscribe, calls.get, calls.get);
  const isBusy = call.phase === 'outgoing' || call.phase === 'active' || call.phase === 'incoming';
  const text = label ?? t('video.call.start');
  const start = () => void calls.start(peer, channel);
  if (compact) {
    return (
      <Tooltip label={t('video.call.startWith', { name: peer.name })}>
        <ActionIcon variant="light" size="lg" onClick={start} disabled={isBusy} aria-label={t('video.call.startWith', { name: peer.name })}>
          <IconVideo size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button size="xs" variant="light" leftSection={<IconVideo size={14} aria-hidden />} onClick={start} disabled={isBusy}>
      {text}
    </Button>
  );
}
