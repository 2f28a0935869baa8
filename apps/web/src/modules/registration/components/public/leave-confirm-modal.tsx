import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { LEAVE_MESSAGE } from '../../lib/leave-guard.ts';

/** Answers a blocked in-app navigation: stay (default, focused) or leave and lose the filled data. */
export function LeaveConfirmModal({ blocker, onLeave }: { blocker: Blocker; onLeave?: () => void }) {
  const { t } = useTranslation();
  const isOpen = blocker.state === 'blocked';
  return (
    <Modal
      opened={isOpen}
      onClose={() => blocker.reset?.()}
      title={t('registration.public.leaveTitle')}
      size="sm"
    >
      <Text mb="lg">{LEAVE_MESSAGE}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" color="red" onClick={() => {
            onLeave?.();
            blocker.proceed?.();
          }}>
          {t('registration.public.leave')}
        </Button>
        <Button data-autofocus onClick={() => blocker.reset?.()}>
          {t('registration.public.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
