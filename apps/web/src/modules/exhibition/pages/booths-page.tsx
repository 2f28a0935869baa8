import '../exhibition-i18n.ts';
import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconLayoutGrid, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBooth } from '@pavilion/domain/exhibition/exhibition.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { BoothFormLink } from '../components/booth-form-link.tsx';
import { BoothFormModal, type TBoothPreset } from '../components/booth-form-modal.tsx';
import { FREE, FREE_BORDER, HallPlan, HELD, HELD_BORDER } from '../components/hall-plan.tsx';
import { FloorPlanControl } from '../components/floor-plan-control.tsx';
import { NewHallButton } from '../components/new-hall-modal.tsx';
import { hallPlanOrgApi } from '../api/hall-plan-api.ts';
import { confirmDelete } from '../components/confirm-delete.ts';
import { StaffQuotaButton } from '../components/staff-quota.tsx';
import { StaffBadgeSettingsButton } from '../components/staff-badges.tsx';
import { formatPrice } from '../components/price.ts';

/** The selected booth: its facts, the company holding it (AP-540), edit (AP-537) and delete (AP-538). */
function BoothPanel({ eventId, booth, onEdit, onDeleted }: { eventId: string; booth: TBooth; onEdit: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const access = useAccess();
  const [holder, setHolder] = useState<string | null>(booth.company?.id ?? null);
  useEffect(() => setHolder(booth.company?.id ?? null), [booth.id, booth.company?.id]);
  const companies = useQuery({
    queryKey: exhibitionKeys.companyList(eventId, ''),
    queryFn: ({ signal }) => api.companies(eventId, { pageSize: 200 }, signal),
    enabled: access.can('AP-482'),
  });
  const invalidate = () => {
    void qc.invalidateQueries({ queryKey: exhibitionKeys.booths(eventId) });
    void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
  };
  const assign = useMutation({
    mutationFn: (companyId: string | null) => api.assignBooth(eventId, booth.id, companyId),
    onSuccess: (b) => {
      toast(b.company ? t('exhibition.booths.assigned', { number: b.number, name: b.company.name }) : t('exhibition.booths.freed', { number: b.number }), 'success');
      invalidate();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => api.deleteBooth(eventId, booth.id),
    onSuccess: () => {
      toast(t('exhibition.booths.deleted'), 'success');
      invalidate();
      onDeleted();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const options = (companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="booth-panel-title" component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="booth-panel-title">
            {t('exhibition.booths.details', { number: booth.number })}
          </Title>
          <Badge variant={booth.company ? 'filled' : 'outline'} color={booth.company ? 'teal.9' : 'gray.8'}>
            {booth.company ? t('exhibition.booths.heldBy', { name: booth.company.name }) : t('exhibition.booths.free')}
          </Badge>
        </Group>
        <Text size="sm">
          {booth.hall} · {booth.sizeSqm} m² · {t(`exhibition.booths.stallTypes.${booth.stallType}`)} · {formatPrice(booth.price)}
        </Text>
        <Can rule="AP-540">
          <Select
            label={t('exhibition.booths.holder')}
            placeholder={t('exhibition.booths.holderPlaceholder')}
            data={options}
            searchable
            clearable
            value={holder}
            onChange={setHolder}
            nothingFoundMessage={t('exhibition.companies.empty')}
          />
          <Button onClick={() => assign.mutate(holder)} loading={assign.isPending} disabled={holder === (booth.company?.id ?? null)} w="fit-content">
            {t('exhibition.booths.assign')}
          </Button>
        </Can>
        <Can rule="AP-484">
          <BoothFormLink eventId={eventId} booth={booth} />
        </Can>
        <Group gap="sm">
          <Can rule="AP-537">
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
              {t('exhibition.booths.edit')}
            </Button>
          </Can>
          <Can rule="AP-538">
            <Button
              variant="default"
              c="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => confirmDelete(t, { title: t('exhibition.booths.deleteTitle', { number: booth.number }), body: t('exhibition.booths.deleteBody'), confirm: t('exhibition.booths.delete'), onConfirm: () => remove.mutate() })}
            >
              {t('exhibition.booths.delete')}
            </Button>
          </Can>
        </Group>
      </Stack>
    </Paper>
  );
}

const currentHallOf = (picked: string | null, halls: string[]) => (picked && halls.includes(picked) ? picked : (halls[0] ?? null));

/** /app/exhibitors/booths: booths per hall on the grid plan (AP-535), create (AP-536), edit, assign, delete. */
export function BoothsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const access = useAccess();
  usePageTitle(t('exhibition.org.tabs.booths'));
  const booths = useQuery({ queryKey: exhibitionKeys.booths(eventId), queryFn: ({ signal }) => api.booths(eventId, signal), enabled: !!eventId });
  const [hall, setHall] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [form, setForm] = useState<{ booth: TBooth | null; preset: TBoothPreset | null } | null>(null);
  // Floor-plan images per hall: a hall with an image (and no booths yet, or none left) is still a hall of the plan.
  const images = useQuery({ queryKey: exhibitionKeys.hallPlanImages(eventId), queryFn: ({ signal }) => hallPlanOrgApi.images(eventId, signal), enabled: !!eventId });
  const halls = useMemo(() => [...new Set([...(booths.data?.halls ?? []), ...(images.data ?? []).map((i) => i.hall)])], [booths.data, images.data]);
  const currentHall = currentHallOf(hall, halls);
  const image = (images.data ?? []).find((i) => i.hall === currentHall) ?? null;
  const inHall = useMemo(() => (booths.data?.booths ?? []).filter((b) => b.hall === currentHall), [booths.data, currentHall]);
  const selected = inHall.find((b) => b.id === selectedId) ?? null;
  const canCreate = access.can('AP-536');

  const newButton = (
    <Can rule="AP-536">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setForm({ booth: null, preset: currentHall ? { hall: currentHall, x: 0, y: 0 } : null })}>
        {t('exhibition.booths.new')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="lg">
      {booths.isPending && <ListLoading />}
      {booths.isError && <ListError error={booths.error} onRetry={() => void booths.refetch()} />}
      {booths.data && halls.length === 0 && (
        <ListEmpty
          icon={<IconLayoutGrid size={32} />}
          title={t('exhibition.booths.empty')}
          body={t('exhibition.booths.emptyBody')}
          action={
            <Group gap="sm" justify="center">
              {newButton}
              <NewHallButton eventId={eventId} halls={halls} onCreated={setHall} />
            </Group>
          }
        />
      )}
      {booths.data && currentHall && (
        <>
          <Group justify="space-between" align="flex-end">
            <Select label={t('exhibition.booths.hall')} data={halls} value={currentHall} onChange={(v) => { setHall(v); setSelectedId(null); }} allowDeselect={false} w={220} />
            <Group gap="sm">
              <StaffQuotaButton eventId={eventId} />
              <StaffBadgeSettingsButton eventId={eventId} />
              <NewHallButton eventId={eventId} halls={halls} onCreated={(h) => { setHall(h); setSelectedId(null); }} />
              {newButton}
            </Group>
          </Group>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  {t('exhibition.booths.planHint')}
                </Text>
                <FloorPlanControl eventId={eventId} hall={currentHall} image={image} />
                <HallPlan
                  imageUrl={image?.url ?? null}
                  hall={currentHall}
                  columns={booths.data.columns}
                  rows={booths.data.rows}
                  booths={inHall}
                  selectedId={selectedId}
                  onSelect={(b) => setSelectedId(b.id)}
                  onEmptyCell={canCreate ? (x, y) => setForm({ booth: null, preset: { hall: currentHall, x, y } }) : null}
                />
                <Group gap="md" aria-hidden>
                  <Group gap={6}>
                    <Box w={14} h={14} style={{ background: FREE, border: `1px solid ${FREE_BORDER}` }} />
                    <Text size="xs">{t('exhibition.booths.legendFree')}</Text>
                  </Group>
                  <Group gap={6}>
                    <Box w={14} h={14} style={{ background: HELD, border: `1px solid ${HELD_BORDER}` }} />
                    <Text size="xs">{t('exhibition.booths.legendHeld')}</Text>
                  </Group>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              {selected ? (
                <BoothPanel eventId={eventId} booth={selected} onEdit={() => setForm({ booth: selected, preset: null })} onDeleted={() => setSelectedId(null)} />
              ) : (
                <Paper withBorder p="md" radius="md">
                  <Text size="sm" c="dimmed">
                    {t('exhibition.booths.planHint')}
                  </Text>
                </Paper>
              )}
            </Grid.Col>
          </Grid>
        </>
      )}
      <BoothFormModal
        eventId={eventId}
        booth={form?.booth ?? null}
        preset={form?.preset ?? null}
        halls={halls}
        isOpen={form !== null}
        onClose={() => setForm(null)}
        onSaved={(b) => {
          setHall(b.hall);
          setSelectedId(b.id);
        }}
      />
    </Stack>
  );
}
