import '../meetings-i18n.ts';
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Paper, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMeetingSettingsInput } from '@pavilion/domain/meetings/meetings.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { meetingsKeys, meetingsOrgApi } from '../api/meetings-api.ts';
import { MeetingsReport } from '../components/meetings-report.tsx';
import { ScheduleMeetingModal } from '../components/schedule-meeting-modal.tsx';

type TDay = TMeetingSettingsInput['days'][number];

function HoursForm({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: meetingsKeys.settings(eventId), queryFn: ({ signal }) => meetingsOrgApi.settings(eventId, signal) });
  const [days, setDays] = useState<TDay[]>([]);
  const [slotMinutes, setSlotMinutes] = useState<number>(30);
  const [loungeTables, setLoungeTables] = useState<number>(0);
  useEffect(() => {
    if (!settings.data) return;
    setDays(settings.data.days);
    setSlotMinutes(settings.data.slotMinutes);
    setLoungeTables(settings.data.loungeTables);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () => meetingsOrgApi.saveSettings(eventId, { days, slotMinutes, loungeTables }),
    onSuccess: () => {
      toast(t('meetings.org.saved'), 'success');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  if (settings.isPending) return <Skeleton h={160} />;
  if (settings.isError || !settings.data) return <Text c="dimmed">{errorMessage(settings.error, t)}</Text>;
  const patch = (i: number, p: Partial<TDay>) => setDays((list) => list.map((d, k) => (k === i ? { ...d, ...p } : d)));
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t('meetings.org.hours')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('meetings.org.timeZoneNote', { zone: settings.data.timeZone })}
          </Text>
          {days.map((d, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="wrap">
              <TextInput type="date" label={t('meetings.org.date')} value={d.date} onChange={(e) => patch(i, { date: e.currentTarget.value })} required />
              <TextInput type="time" label={t('meetings.org.start')} value={d.start} onChange={(e) => patch(i, { start: e.currentTarget.value })} required />
              <TextInput type="time" label={t('meetings.org.end')} value={d.end} onChange={(e) => patch(i, { end: e.currentTarget.value })} required />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`${t('meetings.org.removeDay')} ${d.date}`} onClick={() => setDays((list) => list.filter((_, k) => k !== i))}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }} onClick={() => setDays((list) => [...list, { date: list[list.length - 1]?.date ?? '', start: '09:00', end: '17:00' }])}>
            {t('meetings.org.addDay')}
          </Button>
          <Group grow>
            <NumberInput label={t('meetings.org.slotMinutes')} min={5} max={240} step={5} value={slotMinutes} onChange={(v) => setSlotMinutes(Number(v) || 0)} />
            <NumberInput label={t('meetings.org.loungeTables')} min={0} max={1000} value={loungeTables} onChange={(v) => setLoungeTables(Number(v) || 0)} />
          </Group>
          <Can rule="AP-448">
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('meetings.org.save')}
            </Button>
          </Can>
        </Stack>
      </form>
    </Paper>
  );
}

/** `/app/meetings`: the organiser's meeting hours, slot length and lounge tables, and the event's meetings. */
export function OrgMeetingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('meetings.org.title'));
  const eventId = useSectionEventId();
  const [isScheduling, setScheduling] = useState(false);
  if (!eventId) return <Text>{t('meetings.org.noEvent')}</Text>;
  return (
    <>
      <PageHeader
        title={t('meetings.org.title')}
        description={t('meetings.org.subtitle')}
        actions={
          <Can rule="AP-438">
            <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setScheduling(true)}>
              {t('meetings.org.schedule')}
            </Button>
          </Can>
        }
      />
      {isScheduling && <ScheduleMeetingModal eventId={eventId} onClose={() => setScheduling(false)} />}
      <Stack gap="lg">
        <Can rule="AP-447">
          <HoursForm eventId={eventId} />
        </Can>
        <Can rule="AP-437">
          <Tabs defaultValue="all" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="all">{t('meetings.org.meetings')}</Tabs.Tab>
              <Tabs.Tab value="scheduled">{t('meetings.org.scheduled')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="all" pt="md">
              <MeetingsReport eventId={eventId} />
            </Tabs.Panel>
            <Tabs.Panel value="scheduled" pt="md">
              <MeetingsReport eventId={eventId} scheduled />
            </Tabs.Panel>
          </Tabs>
        </Can>
      </Stack>
    </>
  );
}
