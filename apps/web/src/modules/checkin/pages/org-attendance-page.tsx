import '../organiser-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AREA_KINDS, SCAN_DIRECTIONS, SCAN_RESULTS, isAdmittingResult, type TAreaKind, type TScanDirection, type TScanResult } from '@pavilion/domain/checkin/checkin.enums';
import { SCAN_SOURCES, type TScanSource } from '@pavilion/domain/checkin/checkin.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadFile } from '../../../app/download.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { CHECKIN_EXPORTS } from '../api/organiser-checkin-api.ts';
import { HourlyChart } from '../components/hourly-chart.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { useAreaFootfall, useAreas, useAttendance, useScans } from '../hooks/use-organiser-checkin.ts';
import { formatMinutes, formatShortDateTime } from '../lib/datetime-local.ts';
import { DataTable } from '../../../ui/data-table.tsx';

function EntriesChart({ eventId, areas }: { eventId: string; areas: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [areaId, setAreaId] = useState<string | null>(areas[0]?.id ?? null);
  const chosen = areaId ?? areas[0]?.id ?? null;
  const footfall = useAreaFootfall(eventId, chosen);
  const data = footfall.data;
  const exits = data?.hours.reduce((s, h) => s + h.exits, 0) ?? 0;
  return (
    <Paper withBorder shadow="xs" p="md">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} fz="h4">
          {data ? t('checkin.org.entriesPerHourArea', { area: data.areaName }) : t('checkin.org.entriesPerHour')}
        </Title>
        <Select label={t('checkin.org.filterArea')} data={areas.map((a) => ({ value: a.id, label: a.name }))} value={chosen} onChange={setAreaId} allowDeselect={false} w={220} />
      </Group>
      {data && data.hours.some((h) => h.entries > 0 || h.exits > 0) ? (
        <>
          <HourlyChart data={data.hours} entriesLabel={t('checkin.org.entries')} exitsLabel={t('checkin.org.exits')} />
          <Text size="sm" c="dimmed" mt="xs" data-testid="attendance-chart-summary">
            {t('checkin.org.chartSummary', { entries: data.entriesToday, exits, area: data.areaName })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {footfall.isPending && chosen ? t('app.loading') : t('checkin.org.chartEmpty')}
        </Text>
      )}
    </Paper>
  );
}

function ScanLog({ eventId, areas }: { eventId: string; areas: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [result, setResult] = useState<TScanResult | null>(null);
  const [direction, setDirection] = useState<TScanDirection | null>(null);
  const [source, setSource] = useState<TScanSource | null>(null);
  const q = { page, pageSize: 10, ...(areaId ? { areaId } : {}), ...(result ? { result } : {}), ...(direction ? { direction } : {}), ...(source ? { source } : {}) };
  const scans = useScans(eventId, q);
  const reset = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setPage(1);
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="h4">
          {t('checkin.org.scanLog')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select label={t('checkin.org.filterArea')} placeholder={t('checkin.org.allAreas')} clearable data={areas.map((a) => ({ value: a.id, label: a.name }))} value={areaId} onChange={reset(setAreaId)} w={180} />
          <Select
            label={t('checkin.org.filterResult')}
            placeholder={t('checkin.org.allResults')}
            clearable
            data={SCAN_RESULTS.map((r) => ({ value: r, label: t(`checkin.results.${r}`) }))}
            value={result}
            onChange={reset((v: string | null) => setResult(v as TScanResult | null))}
            w={200}
          />
          <Select
            label={t('checkin.org.filterDirection')}
            placeholder={t('checkin.org.anyDirection')}
            clearable
            data={SCAN_DIRECTIONS.map((d) => ({ value: d, label: t(`checkin.org.directions.${d}`) }))}
            value={direction}
            onChange={reset((v: string | null) => setDirection(v as TScanDirection | null))}
            w={140}
          />
          <Select
            label={t('checkin.org.filterSource')}
            placeholder={t('checkin.org.anySource')}
            clearable
            data={SCAN_SOURCES.map((s) => ({ value: s, label: t(`checkin.org.sources.${s}`) }))}
            value={source}
            onChange={reset((v: string | null) => setSource(v as TScanSource | null))}
            w={180}
          />
          <Can rule="AP-289">
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() =>
                void downloadFile(CHECKIN_EXPORTS.checkins(eventId), { areaId: areaId ?? undefined, result: result ?? undefined, direction: direction ?? undefined, source: source ?? undefined }, 'checkins.csv').catch(
                  (err: unknown) => toast(errorMessage(err, t), 'error'),
                )
              }
            >
              {t('checkin.org.exportCsv')}
            </Button>
          </Can>
        </Group>
      </Group>
      {scans.isPending && <ListLoading rows={3} />}
      {scans.isError && <ListError error={scans.error} onRetry={() => void scans.refetch()} />}
      {scans.data && scans.data.items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('checkin.org.scanLogEmpty')}
        </Text>
      )}
      {scans.data && scans.data.items.length > 0 && (
        <DataTable columns={[t('checkin.org.scannedAt'), t('checkin.org.attendee'), t('checkin.org.area'), t('checkin.org.direction'), t('checkin.org.result'), t('checkin.org.source'), t('checkin.org.device')]} minWidth={820} verticalSpacing="xs" data-testid="scan-log">
          {scans.data.items.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(s.scannedAt)}</Table.Td>
              <Table.Td>{s.attendeeName ?? t('checkin.org.none')}</Table.Td>
              <Table.Td>{s.areaName}</Table.Td>
              <Table.Td>{t(`checkin.org.directions.${s.direction}`)}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={isAdmittingResult(s.result) ? 'green' : 'red'}
                  styles={{ root: { textTransform: 'none', color: 'var(--mantine-color-dark-7)' } }}
                >
                  {t(`checkin.results.${s.result}`)}
                </Badge>
                {s.conflict && (
                  <Badge ml={4} variant="filled" color="orange" styles={{ root: { textTransform: 'none', color: '#1a1b1e' } }}>
                    {t(`checkin.org.conflictKinds.${s.conflict}`)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{t(`checkin.org.sources.${s.source}`)}</Table.Td>
              <Table.Td>{s.deviceName ?? t('checkin.org.none')}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {scans.data && <ListPager data={scans.data} onChange={setPage} />}
    </Stack>
  );
}

/**
 * /app/onsite/attendance: who was where and when (AP-292): per attendee the areas with first entry, last exit and
 * minutes, filters, CSV (AP-293); entries per hour today; and the scan log (AP-288, CSV AP-289).
 */
export function OrgAttendancePage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const areas = useAreas(eventId);
  const [page, setPage] = useState(1);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [kind, setKind] = useState<TAreaKind | null>(null);
  const attendance = useAttendance(eventId, { page, pageSize: 10, ...(areaId ? { areaId } : {}), ...(kind ? { kind } : {}) });
  usePageTitle(t('checkin.org.tabs.attendance'));
  const areaList = (areas.data ?? []).map((a) => ({ id: a.id, name: a.name }));

  return (
    <Stack gap="lg">
      {areaList.length > 0 && <EntriesChart eventId={eventId} areas={areaList} />}
      <Can rule="AP-292">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} fz="h4">
              {t('checkin.org.attendanceTitle')}
            </Title>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label={t('checkin.org.filterArea')}
                placeholder={t('checkin.org.allAreas')}
                clearable
                data={areaList.map((a) => ({ value: a.id, label: a.name }))}
                value={areaId}
                onChange={(v) => {
                  setAreaId(v);
                  setPage(1);
                }}
                w={200}
              />
              <Select
                label={t('checkin.org.filterKind')}
                placeholder={t('checkin.org.allKinds')}
                clearable
                data={AREA_KINDS.map((k) => ({ value: k, label: t(`checkin.areaKinds.${k}`) }))}
                value={kind}
                onChange={(v) => {
                  setKind(v as TAreaKind | null);
                  setPage(1);
                }}
                w={170}
              />
              <Can rule="AP-293">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={18} aria-hidden />}
                  onClick={() =>
                    void downloadFile(CHECKIN_EXPORTS.attendance(eventId), { areaId: areaId ?? undefined, kind: kind ?? undefined }, 'attendance.csv').catch((err: unknown) => toast(errorMessage(err, t), 'error'))
                  }
                >
                  {t('checkin.org.exportCsv')}
                </Button>
              </Can>
            </Group>
          </Group>
          {attendance.isPending && <ListLoading />}
          {attendance.isError && <ListError error={attendance.error} onRetry={() => void attendance.refetch()} />}
          {attendance.data?.items.length === 0 && <ListEmpty icon={<IconUsers size={32} />} title={t('checkin.org.attendanceEmpty')} body={t('checkin.org.attendanceEmptyBody')} />}
          {attendance.data && attendance.data.items.length > 0 && (
            <DataTable columns={[t('checkin.org.attendee'), t('checkin.org.registrationNo'), t('checkin.org.whereWhen'), t('checkin.org.totalTime')]} minWidth={760} data-testid="attendance-table">
              {attendance.data.items.map((row) => (
                <Table.Tr key={row.registrationId}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {row.attendee ? `${row.attendee.firstName} ${row.attendee.lastName}` : row.registrationId}
                    </Text>
                    {row.attendee?.categoryName && (
                      <Text size="xs" c="dimmed">
                        {row.attendee.categoryName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.attendee?.registrationNo ?? t('checkin.org.none')}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {row.areas.map((a) => (
                        <Text key={a.areaId} size="sm">
                          <strong>{a.areaName}</strong>: {formatShortDateTime(a.firstEntryAt) || t('checkin.org.none')} – {a.inside ? t('checkin.org.insideNow') : formatShortDateTime(a.lastExitAt) || t('checkin.org.none')} ·{' '}
                          {formatMinutes(a.minutes)}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMinutes(row.totalMinutes)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          {attendance.data && <ListPager data={attendance.data} onChange={setPage} />}
        </Stack>
      </Can>
      <Can rule="AP-288">
        <ScanLog eventId={eventId} areas={areaList} />
      </Can>
    </Stack>
  );
}
