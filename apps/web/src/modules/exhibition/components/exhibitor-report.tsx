import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Alert, Box, Group, Modal, Paper, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TExhibitorReport, TExhibitorReportTab } from '@pavilion/domain/exhibition/company-documents';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListLoading } from '../../../ui/list-states.tsx';
import { companyDocumentsApi, documentKeys } from '../api/company-documents-api.ts';

/** Views by day as bars (plain elements: no chart library in the bundle); the numbers are in the bars' labels and a table for screen readers. */
function DayBars({ series, label }: { series: TExhibitorReportTab['series']; label: string }) {
  const days = series.slice(-14);
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <figure style={{ margin: 0 }}>
      <Group gap={6} align="flex-end" h={120} wrap="nowrap" aria-hidden style={{ overflowX: 'auto' }}>
        {days.map((d) => (
          <Stack key={d.day} gap={2} align="center" style={{ flex: '1 0 28px', maxWidth: 48 }}>
            <Text size="xs" fw={600}>
              {d.count}
            </Text>
            <Box w="100%" h={Math.max(4, Math.round((d.count / max) * 80))} bg="teal.7" style={{ borderRadius: 4 }} />
            <Text size="xs" c="dimmed">
              {d.day.slice(5)}
            </Text>
          </Stack>
        ))}
      </Group>
      <figcaption>
        <Text size="xs" c="dimmed" mt={4}>
          {label}
        </Text>
      </figcaption>
      <table style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        <caption>{label}</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function TabPanel({ tab }: { tab: TExhibitorReportTab }) {
  const { t } = useTranslation();
  const stat = (key: string) => t(`exhibition.report.stat.${key}`, { defaultValue: key });
  const isEmpty = tab.stats.every((s) => s.value === 0) && tab.rows.every((r) => r.counts.every((n) => n === 0));
  return (
    <Stack gap="md" pt="md">
      <SimpleGrid cols={{ base: 2, sm: Math.min(4, tab.stats.length) }} spacing="sm">
        {tab.stats.map((s, i) => (
          <Paper key={s.key} withBorder p="sm" radius="md" data-testid={`report-stat-${tab.key}-${s.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {stat(s.key)}
            </Text>
            <Text fz={i === 0 ? 28 : 22} fw={700}>
              {s.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {isEmpty ? (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconChartBar size={28} />} title={t('exhibition.report.empty')} description={t(`exhibition.report.emptyBody.${tab.key}`)} headingLevel={3} />
        </Paper>
      ) : (
        <>
          {tab.series.length > 0 && <DayBars series={tab.series} label={t('exhibition.report.chartLabel')} />}
          {tab.rows.length > 0 && (
            <Table.ScrollContainer minWidth={280}>
              <Table aria-label={tab.name} verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('exhibition.report.colItem')}</Table.Th>
                    {tab.columns.map((c) => (
                      <Table.Th key={c} ta="right">
                        {stat(c)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tab.rows.map((r, i) => (
                    <Table.Tr key={`${r.label}-${i}`}>
                      <Table.Td>{r.label}</Table.Td>
                      {r.counts.map((n, j) => (
                        <Table.Td key={tab.columns[j] ?? j} ta="right">
                          {n}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}

/** The SPEC §2.6 exhibitor report tabs of one company (Booth … Webhooks), scrollable on a phone. */
export function ExhibitorReportTabs({ report }: { report: TExhibitorReport }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<string | null>(report.tabs[0]?.key ?? null);
  return (
    <Tabs value={active} onChange={setActive} keepMounted={false}>
      <Box style={{ overflowX: 'auto' }}>
        <Tabs.List aria-label={t('exhibition.report.tabsLabel')} style={{ flexWrap: 'nowrap', width: 'max-content', minWidth: '100%' }}>
          {report.tabs.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key} style={{ whiteSpace: 'nowrap' }}>
              {tab.name} ({tab.stats[0]?.value ?? 0})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Box>
      {report.tabs.map((tab) => (
        <Tabs.Panel key={tab.key} value={tab.key}>
          <TabPanel tab={tab} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The organiser's view of a company's exhibitor report (Companies → Report). */
export function CompanyReportModal({ eventId, company, onClose }: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const companyId = company?.id ?? '';
  const report = useQuery({ queryKey: documentKeys.companyReport(eventId, companyId), queryFn: ({ signal }) => companyDocumentsApi.companyReport(eventId, companyId, signal), enabled: !!company });
  return (
    <Modal opened={!!company} onClose={onClose} title={t('exhibition.report.companyTitle', { name: company?.name ?? '' })} size="xl">
      {report.isPending && <ListLoading rows={3} />}
      {report.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(report.error, t)}
        </Alert>
      )}
      {report.data && (
        <ExhibitorReportTabs report={report.data} />
      )}
    </Modal>
  );
}
