import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconBrandLinkedin, IconBrandWhatsapp, IconCalendarPlus, IconDeviceMobile, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TEbadgeView } from '@pavilion/domain/ebadge/ebadge.schemas';
import { shareLinks, type TShareLink } from '@pavilion/domain/ebadge/share-links';
import { ebadgeApi, ebadgeAssetUrl } from '../api/ebadge-api.ts';
import { firstViewQr } from '../../../app/first-view.ts';

const ICONS = { whatsApp: IconBrandWhatsapp, linkedIn: IconBrandLinkedin, googleCalender: IconCalendarPlus, outlookCalender: IconCalendarPlus } as const;

/** The event's public registration page: what attendees share (never their own e-badge link, whose id is the secret). */
export function eventPageUrl(eventId: string): string {
  return `${window.location.origin}/cart-registration/${encodeURIComponent(eventId)}`;
}

export function useShareLinks(badge: TEbadgeView): TShareLink[] {
  return shareLinks(badge.shareOptions, badge.event, eventPageUrl(badge.event.id));
}

function LinkButton({ link }: { link: TShareLink }) {
  const Icon = ICONS[link.platform];
  return (
    <Button component="a" href={link.href} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<Icon size={18} aria-hidden />} data-platform={link.platform}>
      {link.title || link.name}
    </Button>
  );
}

/** Add-to-calendar (.ics plus the active calendar options) and the active share options (SPEC §3.7). */
export function CalendarAndShare({ badge }: { badge: TEbadgeView }) {
  const { t } = useTranslation();
  const links = useShareLinks(badge);
  const calendars = links.filter((l) => l.kind === 'calendar');
  const shares = links.filter((l) => l.kind === 'share');
  return (
    <Stack gap="md">
      <section aria-labelledby="eb-calendar">
        <Title order={2} fz="md" mb="xs" id="eb-calendar">
          {t('ebadge.addToCalendar')}
        </Title>
        <Group gap="xs">
          <Button component="a" href={ebadgeAssetUrl.ics(badge.eventUserId)} download variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
            {t('ebadge.downloadIcs')}
          </Button>
          {calendars.map((l) => (
            <LinkButton key={l.platform} link={l} />
          ))}
        </Group>
      </section>
      {shares.length > 0 && (
        <section aria-labelledby="eb-share">
          <Title order={2} fz="md" mb="xs" id="eb-share">
            {t('ebadge.share')}
          </Title>
          <Group gap="xs">
            {shares.map((l) => (
              <LinkButton key={l.platform} link={l} />
            ))}
          </Group>
        </section>
      )}
    </Stack>
  );
}

/** PDF, print and phone view; wallet buttons only where the organiser set up keys (the server says so). */
export function EbadgeButtons({ badge, isPhone = false }: { badge: TEbadgeView; isPhone?: boolean }) {
  const { t } = useTranslation();
  const [walletError, setWalletError] = useState(false);
  const [isOpeningGoogle, setOpeningGoogle] = useState(false);
  if (!badge.isAdmissible) return null;
  const openGoogle = async () => {
    setWalletError(false);
    setOpeningGoogle(true);
    try {
      const { saveUrl } = await ebadgeApi.googleWallet(badge.eventUserId);
      window.location.assign(saveUrl);
    } catch {
      setWalletError(true);
    } finally {
      setOpeningGoogle(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={t('ebadge.actions')}>
        <Button component="a" href={ebadgeAssetUrl.pdf(badge.eventUserId)} download leftSection={<IconDownload size={18} aria-hidden />}>
          {t('ebadge.downloadPdf')}
        </Button>
        <Button component={Link} to={`/eb/print/${encodeURIComponent(badge.eventUserId)}`} variant="default" leftSection={<IconPrinter size={18} aria-hidden />}>
          {t('ebadge.print')}
        </Button>
        {!isPhone && (
          <Button component={Link} to={`/eb/m/${encodeURIComponent(badge.eventUserId)}`} variant="default" leftSection={<IconDeviceMobile size={18} aria-hidden />}>
            {t('ebadge.phoneView')}
          </Button>
        )}
      </Group>
      {(badge.wallet.apple || badge.wallet.google) && (
        <Group gap="xs" role="group" aria-label={t('ebadge.wallet')}>
          {badge.wallet.apple && (
            <Button component="a" href={ebadgeAssetUrl.applePass(badge.eventUserId)} color="dark" leftSection={<IconBrandApple size={18} aria-hidden />}>
              {t('ebadge.appleWallet')}
            </Button>
          )}
          {badge.wallet.google && (
            <Button color="dark" onClick={openGoogle} loading={isOpeningGoogle} leftSection={<IconBrandGoogle size={18} aria-hidden />}>
              {t('ebadge.googleWallet')}
            </Button>
          )}
        </Group>
      )}
      {walletError && (
        <Alert color="red" role="alert">
          {t('ebadge.walletError')}
        </Alert>
      )}
    </Stack>
  );
}

export function NotReady({ badge }: { badge: TEbadgeView }) {
  const { t } = useTranslation();
  if (!badge.notReadyReason) return null;
  return (
    <Alert color="orange" title={t('ebadge.notReadyTitle')} role="status">
      <Text size="sm">{t(`ebadge.notReady.${badge.notReadyReason}`)}</Text>
    </Alert>
  );
}

export function QrImage({ badge, size }: { badge: TEbadgeView; size: number | string }) {
  const { t } = useTranslation();
  if (!badge.credential) return null;
  const name = `${badge.attendee.firstName} ${badge.attendee.lastName}`.trim();
  return (
    <img
      // The server's first view drew this QR into the page (app/first-view.ts): the same picture, not fetched again.
      src={firstViewQr(badge.eventUserId, badge.credential.version) ?? ebadgeAssetUrl.qrSvg(badge.eventUserId, badge.credential.version)}
      alt={t('ebadge.qrAlt', { name })}
      width={typeof size === 'number' ? size : undefined}
      height={typeof size === 'number' ? size : undefined}
      style={{ width: size, height: 'auto', aspectRatio: '1 / 1', display: 'block', maxWidth: '100%', imageRendering: 'pixelated' }}
      data-testid="ebadge-qr"
    />
  );
}

