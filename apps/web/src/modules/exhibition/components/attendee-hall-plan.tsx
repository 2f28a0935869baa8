import { useState } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Box, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TPublicHall } from '@pavilion/domain/exhibition/hall-plans';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { hallPlanApi } from '../api/hall-plan-api.ts';
import { ExhibitorFilters, useExhibitorFilters } from './exhibitor-filters.tsx';
import { FREE, FREE_BORDER, HELD, HELD_BORDER, planBackground } from './hall-plan.tsx';

/** A matching booth's outline when the plan is filtered (brand blue, 4.5:1 and more on the held booths' fill). */
const MATCH_BORDER = 'var(--mantine-color-brand-9)';

/** Zoom steps; at 1 a cell is at least 14 px wide (a 2-cell booth is a 28 px target), and the plan scrolls sideways. */
const ZOOMS = [1, 1.5, 2, 3] as const;
const MIN_CELL_PX = 14;

/** `matches`: the companies meeting the filters (highlighted; the others dimmed), or null when nothing is filtered. */
function Plan({ hall, columns, rows, zoom, matches, onOpen }: { hall: TPublicHall; columns: number; rows: number; zoom: number; matches: ReadonlySet<string> | null; onOpen: (companyId: string) => void }) {
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
          // Filtered: the matches stand out (a thick outline, also in forced colours), the others are dimmed; the name says which.
          const isMatch = matches === null ? null : matches.has(company.id);
          const label = t(isMatch === null ? 'exhibition.plan.booth' : isMatch ? 'exhibition.plan.boothMatch' : 'exhibition.plan.boothOther', { number: b.number, name: company.name });
          return (
            <UnstyledButton
              key={b.id}
              onClick={() => onOpen(company.id)}
              aria-label={label}
              data-testid={`plan-booth-${b.number}`}
              data-match={isMatch === null ? undefined : isMatch ? 'yes' : 'no'}
              style={{
                ...place,
                ...look,
                background: HELD,
                border: isMatch ? `3px solid ${MATCH_BORDER}` : `1px solid ${HELD_BORDER}`,
                opacity: isMatch === false ? 0.35 : 1,
                cursor: 'pointer',
              }}
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

/**
 * The attendee's hall plan (Exhibitors tab and the portal's Exhibition Hall): hall switcher, zoom, booths that open
 * their company; with the list's category or country filter, the matching companies' booths highlighted.
 */
export function AttendeeHallPlan({ eventId, initialHall, filters = {}, onOpen }: { eventId: string; initialHall?: string; filters?: { category?: string; country?: string }; onOpen: (companyId: string) => void }) {
  const { t } = useTranslation();
  const asked = { category: filters.category, country: filters.country };
  const plan = useQuery({ queryKey: exhibitionKeys.hallPlan(eventId, asked), queryFn: ({ signal }) => hallPlanApi.plan(eventId, signal, asked), placeholderData: keepPreviousData });
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
  const matches = plan.data.matches ? new Set(plan.data.matches) : null;
  const matchCount = matches ? hall.booths.filter((b) => b.company && matches.has(b.company.id)).length : 0;
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
      {matches && (
        <Text size="sm" fw={600} aria-live="polite" data-testid="plan-match-summary">
          {t('exhibition.plan.matchSummary', { count: matchCount })}
        </Text>
      )}
      <Plan hall={hall} columns={columns} rows={rows} zoom={zoom} matches={matches} onOpen={onOpen} />
      <Group gap="md" aria-hidden>
        <Group gap={6}>
          <Box w={14} h={14} style={{ background: HELD, border: `1px solid ${HELD_BORDER}` }} />
          <Text size="xs">{t('exhibition.plan.legendHeld')}</Text>
        </Group>
        {matches && (
          <Group gap={6}>
            <Box w={14} h={14} style={{ background: HELD, border: `3px solid ${MATCH_BORDER}` }} />
            <Text size="xs">{t('exhibition.plan.legendMatch')}</Text>
          </Group>
        )}
        <Group gap={6}>
          <Box w={14} h={14} style={{ background: FREE, border: `1px dashed ${FREE_BORDER}` }} />
          <Text size="xs">{t('exhibition.plan.legendFree')}</Text>
        </Group>
      </Group>
    </Stack>
  );
}

/** The plan with the list's filters (kept in the URL): category and country highlight; the list's hall opens that hall (the plan has its own switcher). */
function PlanView({ eventId, onOpen }: { eventId: string; onOpen: (companyId: string) => void }) {
  const filters = useExhibitorFilters();
  const hall = filters.values.hall;
  return (
    <Stack gap="sm">
      <ExhibitorFilters eventId={eventId} filters={filters} isHallShown={false} />
      <AttendeeHallPlan key={hall ?? ''} eventId={eventId} initialHall={hall} filters={filters.values} onOpen={onOpen} />
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
      {view === 'plan' ? <PlanView eventId={eventId} onOpen={onOpen} /> : list}
    </Stack>
  );
}
