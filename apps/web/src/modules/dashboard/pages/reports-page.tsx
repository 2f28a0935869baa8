import { Badge, Group, Paper, SegmentedControl, Stack, Tabs, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { reportSlug, reportTabs, resolveReport, type TReportView } from '../components/report-tabs-model.ts';

/**
 * `/app/reports`: the SPEC §2.6 report tabs for hosts and exhibitors. A frame that later issues fill: each tab
 * names its analytics type and says plainly that it is not available yet.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { view, tab } = resolveReport(params.get('view'), params.get('tab'));
  const tabs = reportTabs(view);
  usePageTitle(`${tab.name} · ${t('reports.title')}`);

  const go = (nextView: TReportView, slug?: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('view', nextView);
        if (slug) next.set('tab', slug);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          <div>
            <VisuallyHidden id="report-view-label">{t('reports.viewLabel')}</VisuallyHidden>
            <SegmentedControl
              aria-labelledby="report-view-label"
              value={view}
              onChange={(v) => go(v as TReportView)}
              data={[
                { value: 'host', label: t('reports.host') },
                { value: 'exhibitor', label: t('reports.exhibitor') },
              ]}
            />
          </div>
        }
      />
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        <Tabs
          orientation="vertical"
          value={reportSlug(tab)}
          onChange={(slug) => slug && go(view, slug)}
          keepMounted={false}
          variant="pills"
          styles={{ list: { minWidth: 220, gap: 2 }, tab: { justifyContent: 'flex-start' }, panel: { paddingLeft: 'var(--mantine-spacing-lg)' } }}
        >
          <Tabs.List aria-label={t(view === 'host' ? 'reports.hostTabs' : 'reports.exhibitorTabs')}>
            {tabs.map((r) => (
              <Tabs.Tab key={reportSlug(r)} value={reportSlug(r)}>
                {r.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((r) => (
            <Tabs.Panel key={reportSlug(r)} value={reportSlug(r)}>
              <Stack align="center" ta="center" gap="sm" py={56} px="md">
                <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                  <IconHourglassEmpty size={28} />
                </ThemeIcon>
                <Group gap="xs" justify="center">
                  <Badge variant="light" radius="sm">
                    {t('notAvailable.badge')}
                  </Badge>
                  {r.analyticsType !== null && (
                    <Badge variant="outline" color="gray.7" radius="sm" tt="none">
                      {t('reports.analyticsType', { id: r.analyticsType })}
                    </Badge>
                  )}
                </Group>
                <Title order={2} fz="h3">
                  {t('reports.tabTitle', { name: r.name, view: t(view === 'host' ? 'reports.host' : 'reports.exhibitor') })}
                </Title>
                <Text c="dimmed" maw={480}>
                  {t('reports.notYet', { name: r.name })}
                </Text>
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
