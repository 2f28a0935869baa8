import { Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAppTabConfig } from '@pavilion/domain/portal/portal.schemas';
import { previewTabs, splitMenu } from '../menu-model.ts';

/** The app's menu at phone size (390 × 844 scaled down): the bar, "More" and the first tab's banner. */
export function PhonePreview({ tabs, eventName }: { tabs: readonly TAppTabConfig[]; eventName: string }) {
  const { t } = useTranslation();
  const shown = previewTabs(tabs);
  const { bar, more } = splitMenu(shown);
  const first = shown[0];
  return (
    <Stack gap="xs">
      <Text fw={700}>{t('portal.org.preview')}</Text>
      <Text size="xs" c="dimmed">
        {t('portal.org.previewHint')}
      </Text>
      <Paper withBorder radius={28} p={8} w={260} h={563} bg="gray.9" aria-label={t('portal.org.preview')} role="figure" data-testid="phone-preview">
        <Box bg="gray.0" h="100%" style={{ borderRadius: 22, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
          <Box bg="white" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fz={12} fw={700} truncate>
              {eventName}
            </Text>
          </Box>
          {first?.bannerUrl && <Image src={first.bannerUrl} alt="" h={70} fit="cover" />}
          <Box p="sm" style={{ flex: 1, overflow: 'hidden' }}>
            <Text fz={14} fw={700}>
              {first?.title ?? t('portal.org.previewEmpty')}
            </Text>
            {more.length > 0 && (
              <Stack gap={2} mt="sm">
                <Text fz={10} c="dimmed">
                  {t('portal.app.more')}
                </Text>
                {more.map((tab) => (
                  <Text key={tab.tabName} fz={11}>
                    {tab.title}
                  </Text>
                ))}
              </Stack>
            )}
          </Box>
          <Group gap={0} wrap="nowrap" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="phone-preview-bar">
            {bar.map((tab) => (
              <Text key={tab.tabName} fz={10} ta="center" py={8} style={{ flex: 1, minWidth: 0 }} truncate>
                {tab.title}
              </Text>
            ))}
            {more.length > 0 && (
              <Text fz={10} ta="center" py={8} style={{ flex: 1 }}>
                {t('portal.app.more')}
              </Text>
            )}
          </Group>
        </Box>
      </Paper>
    </Stack>
  );
}
