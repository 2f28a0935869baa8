import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandWhatsapp, IconCalendarPlus, IconCopy, IconDownload, IconShare } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TShareOption } from '@pavilion/domain/content/share-options';
import { shareLinks, type TShareEvent, type TShareLink } from '@pavilion/domain/ebadge/share-links';
import { toast } from '../../../app/toast.ts';
import { shareAssetUrl } from '../api/share-api.ts';

const ICONS = { whatsApp: IconBrandWhatsapp, linkedIn: IconBrandLinkedin, googleCalender: IconCalendarPlus, outlookCalender: IconCalendarPlus } as const;

/** Copies a link, telling the person whether it worked (clipboard access can be refused). */
export function useCopyLink() {
  const { t } = useTranslation();
  return (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast(t('share.buttons.copied'), 'success'),
      () => toast(t('share.buttons.copyFailed'), 'error'),
    );
}

function OptionLink({ link }: { link: TShareLink }) {
  const Icon = ICONS[link.platform];
  return (
    <Button component="a" href={link.href} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<Icon size={18} aria-hidden />} data-platform={link.platform}>
      {link.title || link.name}
    </Button>
  );
}

/**
 * The event's share options (SPEC §3.7, as the organiser set them on Share Options or E-Badge Settings: active, title, message, "include
 * this page's link", position) for one page: copy and share the page, add the event to a calendar (.ics from the server,
 * Google's and Outlook's links).
 */
export function ShareButtons({ event, eventId, shareOptions, pageUrl, headingLevel = 2 }: { event: TShareEvent; eventId: string; shareOptions: TShareOption[]; pageUrl: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const copy = useCopyLink();
  const links = shareLinks(shareOptions, event, pageUrl);
  const id = useId();
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Stack gap="md">
      <section aria-labelledby={`${id}-share`}>
        <Text component={headingLevel === 2 ? 'h2' : 'h3'} id={`${id}-share`} fw={700} fz="md" mb="xs">
          {t('share.buttons.share')}
        </Text>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconCopy size={18} aria-hidden />} onClick={() => void copy(pageUrl)}>
            {t('share.buttons.copy')}
          </Button>
          {canShareNatively && (
            <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => void navigator.share({ title: event.name, url: pageUrl }).catch(() => {})}>
              {t('share.buttons.nativeShare')}
            </Button>
          )}
          {links
            .filter((l) => l.kind === 'share')
            .map((l) => (
              <OptionLink key={l.platform} link={l} />
            ))}
        </Group>
      </section>
      <section aria-labelledby={`${id}-calendar`}>
        <Text component={headingLevel === 2 ? 'h2' : 'h3'} id={`${id}-calendar`} fw={700} fz="md" mb="xs">
          {t('share.buttons.calendar')}
        </Text>
        <Group gap="xs">
          <Button component="a" href={shareAssetUrl.ics(eventId)} download="event.ics" variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
            {t('share.buttons.downloadIcs')}
          </Button>
          {links
            .filter((l) => l.kind === 'calendar')
            .map((l) => (
              <OptionLink key={l.platform} link={l} />
            ))}
        </Group>
      </section>
    </Stack>
  );
}
