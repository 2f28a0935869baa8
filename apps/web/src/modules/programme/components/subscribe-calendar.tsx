import '../programme-i18n.ts';
import { useState } from 'react';
import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { programmeApi } from '../api/programme-api.ts';

/**
 * My schedule as a calendar subscription (SPEC §3.7): a personal, signed address that calendar apps fetch on their own
 * schedule, with Google's and Outlook's subscribe links and the webcal: form phones open in their calendar app.
 */
export function SubscribeCalendar({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const feed = useMutation({ mutationFn: () => programmeApi.myFeed(eventId) });
  const open = () => {
    setOpen((v) => !v);
    if (!feed.data && !feed.isPending) feed.mutate();
  };
  return (
    <Stack gap="xs">
      <Button variant="subtle" leftSection={<IconCalendarShare size={16} aria-hidden />} onClick={open} aria-expanded={isOpen} style={{ alignSelf: 'flex-start' }}>
        {t('programme.attendee.subscribe')}
      </Button>
      {isOpen && (
        <Paper withBorder p="sm" radius="md">
          {feed.isError ? (
            <Text c="red.8" size="sm" role="alert">
              {errorMessage(feed.error, t) || t('programme.attendee.feedError')}
            </Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('programme.attendee.subscribeHint')}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput label={t('programme.attendee.feedUrl')} value={feed.data?.url ?? ''} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={feed.data?.url ?? ''}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy} disabled={!feed.data} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                      {copied ? t('programme.attendee.copiedFeed') : t('programme.attendee.copyFeed')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              {feed.data && (
                <Group gap="md">
                  <Anchor href={feed.data.webcalUrl} size="sm">
                    {t('programme.attendee.openInApp')}
                  </Anchor>
                  <Anchor href={feed.data.googleUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('programme.attendee.google')}
                  </Anchor>
                  <Anchor href={feed.data.outlookUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('programme.attendee.outlook')}
                  </Anchor>
                </Group>
              )}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
