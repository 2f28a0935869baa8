import '../certificates-i18n.ts';
import { Alert, Badge, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCertificateIssueRequest, TCertificateRuleRun } from '@pavilion/domain/certificates/certificates.schemas';
import type { TAttendanceRule } from '@pavilion/domain/certificates/attendance-rule';
import { httpStatusOf } from '../../../app/api-client.ts';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { certificatesApi } from '../api/certificates-api.ts';
import { certificatesKeys } from '../api/certificates-keys.ts';

function ManualIssue({ eventId, templateId }: { eventId: string; templateId: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [selected, setSelected] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const hits = useQuery({ queryKey: certificatesKeys.registrations(eventId, debounced), queryFn: ({ signal }) => certificatesApi.searchRegistrations(eventId, debounced, signal) });
  const options = [
    ...selected.map((id) => ({ value: id, label: labels[id] ?? id })),
    ...(hits.data ?? []).filter((r) => !selected.includes(r.id)).map((r) => ({ value: r.id, label: `${r.firstName} ${r.lastName} · ${r.registrationNo} · ${r.email}` })),
  ];
  const issue = useMutation({
    mutationFn: (body: TCertificateIssueRequest) => certificatesApi.issue(eventId, body),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: certificatesKeys.event(eventId) });
      toast(t('certificates.org.issue.result', r), 'success');
      setSelected([]);
    },
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('certificates.org.issue.manual')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('certificates.org.issue.manualHint')}
        </Text>
        <MultiSelect
          label={t('certificates.org.issue.search')}
          data={options}
          value={selected}
          onChange={(ids) => {
            const next = { ...labels };
            for (const o of options) next[o.value] = o.label;
            setLabels(next);
            setSelected(ids);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={hits.isFetching ? '…' : undefined}
          maxValues={200}
          clearable
        />
        {issue.isError && <Alert color="red">{errorMessage(issue.error, t)}</Alert>}
        {issue.data && <Text size="sm" role="status">{t('certificates.org.issue.result', issue.data)}</Text>}
        <Group>
          <Button disabled={!templateId || selected.length === 0} loading={issue.isPending} onClick={() => issue.mutate({ templateId: templateId!, registrationIds: selected })}>
            {t('certificates.org.issue.issueButton')} ({t('certificates.org.issue.selected', { count: selected.length })})
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BulkIssue({ eventId, templateId }: { eventId: string; templateId: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [scope, setScope] = useState<'ticket' | 'category' | 'all'>('ticket');
  const [pick, setPick] = useState<string | null>(null);
  const tickets = useQuery({ queryKey: certificatesKeys.tickets(eventId), queryFn: ({ signal }) => certificatesApi.tickets(eventId, signal) });
  const categories = useQuery({ queryKey: certificatesKeys.categories(eventId), queryFn: ({ signal }) => certificatesApi.categories(eventId, signal), retry: false });
  const issue = useMutation({
    mutationFn: (body: TCertificateIssueRequest) => certificatesApi.issue(eventId, body),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: certificatesKeys.event(eventId) });
      toast(t('certificates.org.issue.result', r), 'success');
    },
  });
  const list = scope === 'ticket' ? (tickets.data ?? []) : (categories.data ?? []);
  const submit = () => {
    if (!templateId) return;
    if (scope === 'all') issue.mutate({ templateId, isAllAdmissible: true });
    else if (pick) issue.mutate(scope === 'ticket' ? { templateId, ticketId: pick } : { templateId, categoryId: pick });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('certificates.org.issue.bulk')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('certificates.org.issue.bulkHint')}
        </Text>
        <SegmentedControl
          aria-label={t('certificates.org.issue.scope')}
          value={scope}
          onChange={(v) => {
            setScope(v as typeof scope);
            setPick(null);
          }}
          data={[
            { value: 'ticket', label: t('certificates.org.issue.byTicket') },
            { value: 'category', label: t('certificates.org.issue.byCategory') },
            { value: 'all', label: t('certificates.org.issue.everyone') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {scope !== 'all' && (
          <Select
            label={scope === 'ticket' ? t('certificates.org.issue.byTicket') : t('certificates.org.issue.byCategory')}
            data={list.map((x) => ({ value: x.id, label: x.name }))}
            value={pick}
            onChange={setPick}
            searchable
            maw={420}
          />
        )}
        {issue.isError && <Alert color="red">{errorMessage(issue.error, t)}</Alert>}
        {issue.data && <Text size="sm" role="status">{t('certificates.org.issue.result', issue.data)}</Text>}
        <Group>
          <Button disabled={!templateId || (scope !== 'all' && !pick)} loading={issue.isPending} onClick={submit}>
            {t('certificates.org.issue.issueButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The attendance rules (AP-294..296): the list with Run now, and the form for a new one. A sessions-attended rule may
 * count only chosen sessions and/or one track, both picked from the programme (its view code, AP-300).
 */
export function AttendanceRules({ eventId, templateId }: { eventId: string; templateId: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const access = useAccess();
  const canIssue = access.can('AP-296');
  const [kind, setKind] = useState<TAttendanceRule['kind']>('sessionAreas');
  const [minAreas, setMinAreas] = useState<number>(2);
  const [minSessions, setMinSessions] = useState<number>(1);
  const [sessionIds, setSessionIds] = useState<string[]>([]);
  const [trackId, setTrackId] = useState<string | null>(null);
  const [minMinutes, setMinMinutes] = useState<number>(60);
  const [areaId, setAreaId] = useState('');
  const [isActive, setActive] = useState(true);
  const [runs, setRuns] = useState<Record<string, TCertificateRuleRun | string>>({});
  const rules = useQuery({ queryKey: certificatesKeys.rules(eventId), queryFn: ({ signal }) => certificatesApi.rules(eventId, signal), enabled: access.can('AP-294') });
  const hasTrackRule = (rules.data ?? []).some((r) => r.rule.kind === 'sessionsAttended' && r.rule.trackId !== null);
  // The programme's sessions and tracks to choose from, and to name a rule's track (its view code, AP-300); without
  // it the form offers neither and the rule counts any session.
  const sessions = useQuery({
    queryKey: certificatesKeys.sessions(eventId),
    queryFn: ({ signal }) => certificatesApi.programmeSessions(eventId, signal),
    enabled: (kind === 'sessionsAttended' || hasTrackRule) && access.can('AP-300'),
  });
  const trackName = (id: string) => sessions.data?.tracks.find((x) => x.id === id)?.name;
  const refresh = () => void qc.invalidateQueries({ queryKey: certificatesKeys.event(eventId) });
  const create = useMutation({
    mutationFn: () => {
      const rule: TAttendanceRule =
        kind === 'sessionAreas' ? { kind, minAreas } : kind === 'sessionsAttended' ? { kind, minSessions, sessionIds, trackId } : { kind, minMinutes, areaId: areaId.trim() || null };
      return certificatesApi.createRule(eventId, { templateId: templateId!, rule, isActive });
    },
    onSuccess: refresh,
  });
  const run = useMutation({
    mutationFn: (id: string) => certificatesApi.runRule(eventId, id),
    onSuccess: (r, id) => {
      setRuns((m) => ({ ...m, [id]: r }));
      refresh();
    },
    onError: (e, id) => setRuns((m) => ({ ...m, [id]: httpStatusOf(e) === 409 ? t('certificates.org.issue.attendanceUnavailable') : errorMessage(e, t) })),
  });
  const remove = useMutation({ mutationFn: (id: string) => certificatesApi.deleteRule(eventId, id), onSuccess: refresh });
  if (!access.can('AP-294')) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('certificates.org.issue.rules')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('certificates.org.issue.rulesHint')}
        </Text>
        {rules.isPending ? (
          <Skeleton h={60} />
        ) : rules.isError ? (
          <Alert color="red">{errorMessage(rules.error, t)}</Alert>
        ) : rules.data.length === 0 ? (
          <Text size="sm">{t('certificates.org.issue.noRules')}</Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rules.data.map((r) => {
              const last = runs[r.id];
              return (
                <Paper component="li" key={r.id} withBorder p="sm" data-testid="certificate-rule">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{r.description}</Text>
                        {!r.isActive && <Badge color="gray.7">off</Badge>}
                      </Group>
                      {r.rule.kind === 'sessionsAttended' && r.rule.trackId !== null && sessions.data && (
                        <Text size="sm">{trackName(r.rule.trackId) ? t('certificates.org.issue.ruleTrack', { name: trackName(r.rule.trackId) }) : t('certificates.org.issue.ruleTrackUnknown')}</Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {r.lastRunAt ? t('certificates.org.issue.lastRun', { time: formatDateTime(r.lastRunAt), issued: r.lastRunIssued }) : t('certificates.org.issue.neverRun')}
                      </Text>
                      {last && (
                        <Text size="sm" role="status">
                          {typeof last === 'string' ? last : t('certificates.org.issue.runResult', last)}
                        </Text>
                      )}
                    </Stack>
                    {canIssue && (
                      <Group gap="xs">
                        <Button size="xs" onClick={() => run.mutate(r.id)} loading={run.isPending && run.variables === r.id}>
                          {t('certificates.org.issue.runNow')}
                        </Button>
                        <Button size="xs" variant="default" c="red.9" onClick={() => remove.mutate(r.id)}>
                          {t('certificates.org.issue.deleteRule')}
                        </Button>
                      </Group>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        {canIssue && (
          <Stack gap="xs" mt="sm">
            <SegmentedControl
              aria-label={t('certificates.org.issue.ruleKind')}
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
              data={[
                { value: 'sessionAreas', label: t('certificates.org.issue.kindSessions') },
                { value: 'minutesInArea', label: t('certificates.org.issue.kindMinutes') },
                { value: 'sessionsAttended', label: t('certificates.org.issue.kindSessionsAttended') },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
            <Group align="flex-end" gap="sm" wrap="wrap">
              {kind === 'sessionAreas' ? (
                <NumberInput label={t('certificates.org.issue.minAreas')} value={minAreas} onChange={(v) => setMinAreas(Number(v) || 1)} min={1} max={1000} w={180} />
              ) : kind === 'sessionsAttended' ? (
                <>
                  <NumberInput label={t('certificates.org.issue.minSessions')} value={minSessions} onChange={(v) => setMinSessions(Number(v) || 1)} min={1} max={1000} w={160} />
                  {access.can('AP-300') && (
                    <MultiSelect
                      label={t('certificates.org.issue.onlySessions')}
                      placeholder={sessionIds.length === 0 ? t('certificates.org.issue.onlySessionsPlaceholder') : undefined}
                      data={(sessions.data?.sessions ?? []).map((s) => ({ value: s.id, label: s.title }))}
                      value={sessionIds}
                      onChange={setSessionIds}
                      searchable
                      clearable
                      w={320}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                  {access.can('AP-300') && (
                    <Select
                      label={t('certificates.org.issue.onlyTrack')}
                      placeholder={t('certificates.org.issue.onlyTrackPlaceholder')}
                      data={(sessions.data?.tracks ?? []).map((x) => ({ value: x.id, label: x.name }))}
                      value={trackId}
                      onChange={setTrackId}
                      searchable
                      clearable
                      w={240}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                </>
              ) : (
                <>
                  <NumberInput label={t('certificates.org.issue.minMinutes')} value={minMinutes} onChange={(v) => setMinMinutes(Number(v) || 1)} min={1} max={100000} w={160} />
                  <TextInput label={t('certificates.org.issue.areaId')} value={areaId} onChange={(e) => setAreaId(e.currentTarget.value)} w={240} />
                </>
              )}
              <Switch label={t('certificates.org.issue.active')} checked={isActive} onChange={(e) => setActive(e.currentTarget.checked)} mb={6} />
              <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!templateId}>
                {t('certificates.org.issue.addRule')}
              </Button>
            </Group>
            {create.isError && <Alert color="red">{errorMessage(create.error, t)}</Alert>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Issue tab (AP-254..257, AP-294..296): pick a template, then issue manually, in bulk, or by an attendance rule. */
export function IssuePage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const templates = useQuery({ queryKey: certificatesKeys.templates(eventId!), queryFn: ({ signal }) => certificatesApi.templates(eventId!, signal), enabled: !!eventId });
  const [chosen, setChosen] = useState<string | null>(null);
  if (!eventId) return null;
  const templateId = chosen ?? templates.data?.[0]?.id ?? null;
  return (
    <Stack gap="md">
      <Select
        label={t('certificates.org.issue.template')}
        data={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
        value={templateId}
        onChange={setChosen}
        allowDeselect={false}
        maw={420}
      />
      {templates.data && templates.data.length === 0 && <Alert color="orange">{t('certificates.org.issue.noTemplates')}</Alert>}
      {access.can('AP-256') && <ManualIssue eventId={eventId} templateId={templateId} />}
      {access.can('AP-256') && <BulkIssue eventId={eventId} templateId={templateId} />}
      <AttendanceRules eventId={eventId} templateId={templateId} />
    </Stack>
  );
}
