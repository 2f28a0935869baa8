import { ActionIcon, Anchor, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function absoluteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** A shareable public link with copy and open actions. */
export function LinkRow({ label, path }: { label: string; path: string }) {
  const { t } = useTranslation();
  const url = absoluteUrl(path);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Anchor href={path} target="_blank" rel="noopener" size="xs" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Anchor>
      </Stack>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('registration.org.copied') : t('registration.org.copyLink')} withArrow>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('registration.org.copyLink')}: ${label}`}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function PublicLinksCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const e = encodeURIComponent(eventId);
  return (
    <Paper withBorder shadow="xs" p="md">
      <Title order={2} fz="h4">
        {t('registration.org.publicLinks')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('registration.org.publicLinksHint')}
      </Text>
      <Stack gap="sm">
        <LinkRow label={t('registration.org.linkCart')} path={`/cart-registration/${e}`} />
        <LinkRow label={t('registration.org.linkGroup')} path={`/ticket-group-registration?eventId=${e}`} />
        <LinkRow label={t('registration.org.linkInternational')} path={`/international-reg?eventId=${e}`} />
        <LinkRow label={t('registration.org.linkVisitor')} path={`/visitorregistration?eventId=${e}`} />
      </Stack>
    </Paper>
  );
}
