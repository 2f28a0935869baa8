import '../badges-i18n.ts';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Grid, Group, Loader, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPrinter, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BADGE_TEXT_SOURCE_LABELS } from '@pavilion/domain/badges/badges.enums';
import { badgeText } from '@pavilion/domain/badges/badge-layout';
import type { TBadgeTextElement } from '@pavilion/domain/badges/badges.schemas';
import { toast } from '../../../app/toast.ts';
import { badgesApi, saveFile } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';
import { BadgeCanvas } from '../components/badge-canvas.tsx';
import { StationLayout } from '../components/station-layout.tsx';
import { pickTemplate } from '../lib/pick-template.ts';
import { useBadgeFields, useBadgeTemplates } from '../lib/use-badges.ts';

/** search-print-badge-user/{eventId}: find someone, fix the badge text for this print, print. */
export function SearchPrintPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const qc = useQueryClient();
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const { ref, width } = useElementSize();
  const templates = useBadgeTemplates(eventId);
  const fields = useBadgeFields(eventId);
  const q = { page: 1, pageSize: 20, search: query };
  const results = useQuery({ queryKey: badgesKeys.attendeeList(eventId, q), queryFn: ({ signal }) => badgesApi.attendees(eventId, q, signal), enabled: query.length > 0 });
  const attendee = useQuery({ queryKey: badgesKeys.attendee(eventId, chosen ?? ''), queryFn: ({ signal }) => badgesApi.attendee(eventId, chosen!, signal), enabled: Boolean(chosen) });
  const summary = attendee.data && templates.data ? pickTemplate(templates.data, attendee.data) : null;
  const template = useQuery({ queryKey: badgesKeys.template(eventId, summary?.id ?? ''), queryFn: ({ signal }) => badgesApi.template(eventId, summary!.id, signal), enabled: Boolean(summary) });
  const eventColors = useMemo(() => Object.fromEntries((fields.data?.categories ?? []).map((c) => [c.id, c.color])), [fields.data]);
  useEffect(() => setOverrides({}), [chosen]);

  const print = useMutation({
    mutationFn: () => {
      const changed = Object.fromEntries(
        Object.entries(overrides).filter(([id, v]) => {
          const el = template.data?.elements.find((e) => e.id === id);
          return el?.type === 'text' && attendee.data && v !== badgeText(el, attendee.data);
        }),
      );
      return badgesApi.print(eventId, { registrationId: chosen!, ...(summary ? { templateId: summary.id } : {}), ...(Object.keys(changed).length > 0 ? { overrides: changed } : {}) });
    },
    onSuccess: (file) => {
      saveFile(file);
      toast(t('badges.printing.printed'), 'success');
      void qc.invalidateQueries({ queryKey: badgesKeys.attendees(eventId) });
    },
    onError: (e: { message?: string }) => toast(e.message ?? t('badges.loadError'), 'error'),
  });

  const textElements = (template.data?.elements ?? []).filter((e): e is TBadgeTextElement => e.type === 'text');

  return (
    <StationLayout title={t('badges.station.searchTitle')}>
      <Stack>
        <Paper withBorder p="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setChosen(null);
              setQuery(term.trim());
            }}
          >
            <Group align="flex-end">
              <TextInput label={t('badges.station.searchLabel')} value={term} onChange={(e) => setTerm(e.currentTarget.value)} maxLength={100} size="md" style={{ flex: '1 1 260px' }} />
              <Button type="submit" size="md" leftSection={<IconSearch size={16} />}>
                {t('badges.station.searchButton')}
              </Button>
            </Group>
          </form>
        </Paper>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('badges.station.results')}
              </Title>
              {results.isFetching && <Loader size="sm" aria-label={t('badges.station.results')} />}
              {results.data && results.data.items.length === 0 && <Text c="dimmed">{t('badges.station.notFound')}</Text>}
              <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {(results.data?.items ?? []).map((a) => (
                  <li key={a.registrationId}>
                    <UnstyledButton
                      onClick={() => setChosen(a.registrationId)}
                      aria-current={chosen === a.registrationId ? 'true' : undefined}
                      p="sm"
                      w="100%"
                      style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)', background: chosen === a.registrationId ? 'var(--mantine-color-brand-0)' : 'white' }}
                    >
                      <Text fw={600}>
                        {a.firstName} {a.lastName}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {a.registrationNo} · {a.email}
                        {a.categoryName ? ` · ${a.categoryName}` : ''}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {!chosen ? (
              <Paper withBorder p="lg">
                <Text c="dimmed">{t('badges.station.chooseAttendee')}</Text>
              </Paper>
            ) : !summary && templates.isSuccess ? (
              <Alert color="yellow">{t('badges.printing.noTemplate')}</Alert>
            ) : !template.data || !attendee.data ? (
              <Loader aria-label={t('badges.editor.livePreview')} />
            ) : (
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Paper withBorder p="md">
                    <Title order={2} size="h4">
                      {t('badges.station.editText')}
                    </Title>
                    <Text size="sm" c="dimmed" mb="sm">
                      {t('badges.station.editHint')}
                    </Text>
                    <Stack gap="sm">
                      {textElements.map((el) => (
                        <TextInput
                          key={el.id}
                          label={el.source === 'static' ? t('badges.editor.text') : BADGE_TEXT_SOURCE_LABELS[el.source]}
                          value={overrides[el.id] ?? badgeText(el, attendee.data!)}
                          maxLength={200}
                          onChange={(e) => setOverrides({ ...overrides, [el.id]: e.currentTarget.value })}
                        />
                      ))}
                      <Button size="lg" leftSection={<IconPrinter size={18} />} onClick={() => print.mutate()} loading={print.isPending}>
                        {t('badges.station.printBadge')}
                      </Button>
                    </Stack>
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Box ref={ref} style={{ display: 'flex', justifyContent: 'center', padding: 8, background: 'var(--mantine-color-gray-1)' }}>
                    <BadgeCanvas
                      pageSize={template.data.pageSize}
                      elements={template.data.elements}
                      data={attendee.data}
                      token={attendee.data.credentialToken}
                      categoryColors={template.data.categoryColors}
                      eventColors={eventColors}
                      overrides={overrides}
                      widthPx={Math.max(180, Math.min((width || 300) - 16, 360))}
                      label={t('badges.editor.livePreview')}
                    />
                  </Box>
                </Grid.Col>
              </Grid>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </StationLayout>
  );
}
