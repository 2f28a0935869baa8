import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useModalBackground } from '../ui/use-modal-background.ts';
import { useLocation, useNavigate } from 'react-router';
import { performLogout } from './logout.ts';
import { shouldShowSessionExpiredDialog, useSessionExpired } from './session-expired.ts';
import { useEventData } from './session-storage.ts';
import { hasSeenDesktopHint, isPhoneFirstPath, wantsDesktopHint, DESKTOP_HINT_KEY, SMALL_SCREEN_QUERY } from './dialog-rules.ts';

export { DESKTOP_HINT_KEY, SMALL_SCREEN_QUERY, isPhoneFirstPath };

/**
 * SPEC §2.3/§4: 'Your Session is expired' with 'Login Again'. Clicking outside does nothing; Escape (Mantine's
 * onClose) logs out, exactly like the button. Shown only on /list/ pages or /app/ pages with event data, or wherever
 * `force` is set (SPEC §8: a 401 on the video token shows it on the attendee's call, modules/video).
 */
export function SessionExpiredDialog({ force = false }: { force?: boolean } = {}) {
  const { t } = useTranslation();
  const isExpired = useSessionExpired();
  const eventData = useEventData();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const isOpen = isExpired && (force || shouldShowSessionExpiredDialog(pathname, !!eventData?.eventId));
  useModalBackground(isOpen);

  const loginAgain = () => {
    setBusy(true);
    void performLogout(navigate).finally(() => setBusy(false));
  };

  return (
    <Modal
      opened={isOpen}
      onClose={loginAgain}
      closeOnClickOutside={false}
      closeOnEscape
      withCloseButton={false}
      title={t('dialogs.sessionExpiredTitle')}
      size="sm"
      zIndex={3000}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconLock size={20} />
          </ThemeIcon>
          <Text size="sm">{t('dialogs.sessionExpiredBody')}</Text>
        </Group>
        <Button onClick={loginAgain} loading={isBusy} fullWidth data-autofocus>
          {t('dialogs.loginAgain')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** SPEC §2.3: small screens (< 768 px wide) are asked once per browser session to switch to desktop. */
export function DesktopHintDialog() {
  const { t } = useTranslation();
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const [isDue, setDue] = useState(false);
  // Only while on an organiser page: a participant sent on from /list/events to their own home (a phone page) must
  // not keep the dialog over it. It is not marked as seen then, so an organiser page asks again.
  const isOpen = isDue && wantsDesktopHint(pathname);
  useModalBackground(isOpen);

  useEffect(() => {
    if (isSmall && !hasSeenDesktopHint() && wantsDesktopHint(pathname)) setDue(true);
  }, [isSmall, pathname]);

  const dismiss = () => {
    try {
      sessionStorage.setItem(DESKTOP_HINT_KEY, '1');
    } catch {
      // Without sessionStorage the hint may show again on reload; harmless.
    }
    setDue(false);
  };

  return (
    <Modal opened={isOpen} onClose={dismiss} title={t('desktopHint.title')} size="sm" zIndex={2900}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconDeviceDesktop size={20} />
          </ThemeIcon>
          <Text size="sm">{t('desktopHint.body')}</Text>
        </Group>
        <Button onClick={dismiss} fullWidth data-autofocus>
          {t('desktopHint.okay')}
        </Button>
      </Stack>
    </Modal>
  );
}
