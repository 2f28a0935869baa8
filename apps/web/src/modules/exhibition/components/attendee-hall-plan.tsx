import { useState } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Box, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TPublicHall } from '@pavilion/domain/exhibition/hall-plans';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { hallPlanApi } from '../api/hall-plan-api.ts';
import { FREE, FREE_BORDER, HELD, HELD_BORDER, planBackground } from './hall-plan.tsx';

/** Zoom steps; at 1 a cell is at least 14 px wide (a 2-cell booth is a 28 px target), and the plan scrolls sideways. */
const ZOOMS = [1, 1.5, 2, 3] as const;
const MIN_CELL_PX = 14;

function Plan({ hall, columns, rows, zoom, onOpen }: { hall: TPublicHall; columns: number; rows: number; zoom: number; onOpen: (companyId: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box style={{ overflow: 'auto', maxHeight: '70vh', WebkitOverflowScrolling: 'touch', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }} tabIndex={0} aria-label={t('exhibition.plan.planOf', { hall: hall.hall })} role="region">
      <Box
        data-testid="attendee-hall-plan"
        data-floor-plan={hall.imageUrl ? 'yes' : 'no'}
        style={{
          width: `${zoom * 100}%`,
          minWidth: columns * MIN_CELL_PX * zoom,
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, 1fr)`,
          gridTemplateRows: `repeat(${rows}, 1fr)`,
          aspectRatio: `${columns} / ${rows}`,
          ...planBackground(columns, rows, hall.imageUrl),
        }}
      >
        {hall.booths.map((b) => {
          const place = { gridColumn: `${b.x + 1} / span ${b.w}`, gridRow: `${b.y + 1} / span ${b.h}` };
          const look = {
            borderRadius: 3,
            padding: 2,
            overflow: 'hidden',
            display: 'flex',
            flexDirection: 'column' as const,
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center' as const,
            lineHeight: 1.1,
          };
          if (!b.company) {
            // Shown, not actionable: a free booth is not a company.
            return (
              <Box key={b.id} style={{ ...place, ...look, background: FREE, border: `1px dashed ${FREE_BORDER}` }} data-testid={`plan-booth-${b.number}`}>
                <Text size="xs" c="gray.8" aria-hidden>
                  {b.number}
                </Text>
                <VisuallyHidden>{t('exhibition.plan.boothFree', { number: b.number })}</VisuallyHidden>
              </Box>
            );
          }
          const company = b.company;
          return (
            <UnstyledButton
              key={b.id}
              onClick={() => onOpen(company.id)}
              aria-label={t('exhibition.plan.booth', { number: b.number, name: company.name })}
              data-testid={`plan-booth-${b.number}`}
              style={{ ...place, ...look, background: HELD, border: `1px solid ${HELD_BORDER}`, cursor: 'pointer' }}
            >
              <Text fw={700} size="xs" c="gray.9">
                {b.number}
              </Text>
              {b.h > 1 && ' '}
              {b.h > 1 && (
                <Text size="10px" c="gray.9" lineClamp={1}>
                  {company.name}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </Box>
    </Box>
  );
}

/** The attendee's hall plan (Exhibitors tab and the portal's Exhibition Hall): hall switcher, zoom, booths that open their company. */
export function AttendeeHallPlan({ eventId, initialHall, onOpen }: { eventId: string; initialHall?: string; onOpen: (companyId: string) => void }) {
  const { t } = useTranslation();
  const plan = useQuery({ queryKey: exhibitionKeys.hallPlan(eventId), queryFn: ({ signal }) => hallPlanApi.plan(eventId, signal) });
  const [picked, setPicked] = useState<string | null>(initialHall ?? null);
  const [zoomAt, setZoomAt] = useState(0);
  if (plan.isPending) return <Skeleton h={240} />;
  if (plan.isError) return <Alert color="red">{t('exhibition.plan.loadError')}</Alert>;
  const { halls, columns, rows } = plan.data;
  if (halls.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState icon={<IconLayoutGrid size={32} />} title={t('exhibition.plan.noPlan')} description={t('exhibition.plan.noPlanBody')} headingLevel={2} />
      </Paper>
    );
  }
  const hall = halls.find((h) => h.hall === picked) ?? halls[0]!;
  const zoom = ZOOMS[zoomAt]!;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        {halls.length > 1 ? (
          <Select size="md" label={t('exhibition.plan.hall')} data={halls.map((h) => h.hall)} value={hall.hall} onChange={(v) => v && setPicked(v)} allowDeselect={false} style={{ flex: 1, maxWidth: 260 }} />
        ) : (
          <Text fw={700}>{hall.hall}</Text>
        )}
        <Group gap={6} wrap="nowrap">
          <ActionIcon size={44} variant="default" onClick={() => setZoomAt((z) => Math.max(0, z - 1))} disabled={zoomAt === 0} aria-label={t('exhibition.plan.zoomOut')}>
            <IconZoomOut size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon size={44} variant="default" onClick={() => setZoomAt((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoomAt === ZOOMS.length - 1} aria-label={t('exhibition.plan.zoomIn')}>
            <IconZoomIn size={20} aria-hidden />
          </ActionIcon>
          <VisuallyHidden aria-live="polite">{t('exhibition.plan.zoomLevel', { percent: Math.round(zoom * 100) })}</VisuallyHidden>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('exhibition.plan.planHint')}
      </Text>
      <Plan hall={hall} columns={columns} rows={rows} zoom={zoom} onOpen={onOpen} />
      <Group gap="md" aria-hidden>
        <Group gap={6}>
          <Box w={14} h={14} style={{ background: HELD, border: `1px solid ${HELD_BORDER}` }} />
          <Text size="xs">{t('exhibition.plan.legendHeld')}</Text>
        </Group>
        <Group gap={6}>
          <Box w={14} h={14} style={{ background: FREE, border: `1px dashed ${FREE_BORDER}` }} />
          <Text size="xs">{t('exhibition.plan.legendFree')}</Text>
        </Group>
      </Group>
    </Stack>
  );
}

/** List | Plan (`view=plan` in the URL, so the back button from a company returns to the plan). */
export function ExhibitorsViews({ eventId, list, onOpen }: { eventId: string; list: ReactNode; onOpen: (companyId: string) => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'plan' ? 'plan' : 'list';
  const setView = (v: string) => {
    const next = new URLSearchParams(params);
    if (v === 'plan') next.set('view', 'plan');
    else next.delete('view');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        size="md"
        aria-label={t('exhibition.plan.view')}
        value={view}
        onChange={setView}
        data={[
          { value: 'list', label: t('exhibition.plan.list') },
          { value: 'plan', label: t('exhibition.plan.plan') },
        ]}
      />
      {view === 'plan' ? <AttendeeHallPlan eventId={eventId} initialHall={params.get('hall') ?? undefined} onOpen={onOpen} /> : list}
    </Stack>
  );
}
