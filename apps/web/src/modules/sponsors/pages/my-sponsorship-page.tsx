import '../sponsors-i18n.ts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TMySponsorship } from '@pavilion/domain/sponsors/sponsors.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { mySponsorshipApi, sponsorsKeys } from '../api/sponsors-api.ts';
import { SponsorDetailsFields } from '../components/sponsor-fields.tsx';
import { FiguresDownload } from '../components/figures-download.tsx';

// The chart library is large: it loads only when there are figures to draw.
const FiguresChart = lazy(() => import('../components/figures-chart.tsx').then((m) => ({ default: m.FiguresChart })));

type TErrors = Record<string, string>;

/**
 * /attendium/sponsorship: "My sponsorship", where a sponsor contact's invitation link lands (SPEC §3.1 user type 3).
 * They accept (choosing a password when the invitation made their account), keep the description, website and logo up
 * to date (the name and tier stay the organiser's), and see the Sponsors list's viewers and their website's visitors.
 */
export function MySponsorshipPage() {
  const { t } = useTranslation();
  const eventData = useEventData();
  const [search] = useSearchParams();
  const eventId = search.get('eventId') ?? eventData?.eventId ?? '';
  usePageTitle(t('sponsors.mine.title'));
  const list = useQuery({ queryKey: sponsorsKeys.mine(eventId), queryFn: ({ signal }) => mySponsorshipApi.list(eventId, signal), enabled: !!eventId, retry: false });
  const sponsorId = search.get('sponsorId') ?? list.data?.items[0]?.id ?? '';
  const home = `/attendium${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
  return (
    <AttendeePage back={{ to: home, label: t('sponsors.mine.back') }} title={t('sponsors.mine.title')} intro={t('sponsors.mine.intro')}>
      {!eventId && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('sponsors.mine.noEvent')}
        </Alert>
      )}
      {list.isPending && !!eventId && <ListLoading rows={3} />}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error, t)}
        </Alert>
      )}
      {list.data && !sponsorId && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('sponsors.mine.notContact')}
        </Alert>
      )}
      {!!eventId && !!sponsorId && <Sponsorship eventId={eventId} sponsorId={sponsorId} />}
    </AttendeePage>
  );
}

function Sponsorship({ eventId, sponsorId }: { eventId: string; sponsorId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const one = useQuery({ queryKey: sponsorsKeys.mineOne(eventId, sponsorId), queryFn: ({ signal }) => mySponsorshipApi.get(eventId, sponsorId, signal), retry: false });
  const put = (next: TMySponsorship) => {
    qc.setQueryData(sponsorsKeys.mineOne(eventId, sponsorId), next);
    // The home card's state and the attendees' Sponsors tab read it again.
    void qc.invalidateQueries({ queryKey: sponsorsKeys.mine(eventId), exact: true });
    void qc.invalidateQueries({ queryKey: ['sponsors', eventId, 'showcase'] });
  };
  if (one.isPending) return <ListLoading rows={3} />;
  if (one.isError) {
    const isRefused = isApiError(one.error) && (one.error.code === 'SPONSOR_NOT_CONTACT' || one.error.code === 'NOT_FOUND');
    return (
      <Alert color={isRefused ? 'blue' : 'red'} variant="light" role="alert" icon={<IconInfoCircle aria-hidden />}>
        {isRefused ? t('sponsors.mine.notContact') : errorMessage(one.error, t)}
      </Alert>
    );
  }
  const data = one.data;
  return (
    <Stack gap="md">
      {data.isAccepted ? <ProfileForm eventId={eventId} data={data} onSaved={put} /> : <AcceptCard eventId={eventId} data={data} onAccepted={put} />}
      <Figures eventId={eventId} data={data} />
    </Stack>
  );
}

function AcceptCard({ eventId, data, onAccepted }: { eventId: string; data: TMySponsorship; onAccepted: (next: TMySponsorship) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const accept = useFormMutation(useMutation({ mutationFn: (body: { password?: string }) => mySponsorshipApi.accept(eventId, data.id, body) }), {
    setFieldError: (field, message) => setErrors((p) => ({ ...p, [field]: message })),
    success: () => t('sponsors.mine.accepted'),
    onSuccess: onAccepted,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    accept.submit(data.needsPassword ? { password } : {});
  };
  return (
    <Paper component="section" aria-labelledby="sponsorship-accept" withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="sponsorship-accept">
            {t('sponsors.mine.acceptTitle')}
          </Title>
          <Text size="sm">{t('sponsors.mine.acceptBody', { name: data.name, tier: data.tierName })}</Text>
          {data.needsPassword && (
            <PasswordInput label={t('sponsors.mine.password')} description={t('sponsors.mine.acceptPasswordBody')} autoComplete="new-password" withAsterisk value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
          )}
          <FormAlert message={accept.formError} />
          <Button type="submit" loading={accept.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('sponsors.mine.accept')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function ProfileForm({ eventId, data, onSaved }: { eventId: string; data: TMySponsorship; onSaved: (next: TMySponsorship) => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ description: data.description, website: data.website, logoId: data.logoId });
  const [logoUrl, setLogoUrl] = useState(data.logoUrl);
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(useMutation({ mutationFn: (body: typeof v) => mySponsorshipApi.update(eventId, data.id, body) }), {
    setFieldError: (field, message) => setErrors((p) => ({ ...p, [field]: message })),
    success: () => t('sponsors.mine.saved'),
    onSuccess: (next) => {
      onSaved(next);
      setV({ description: next.description, website: next.website, logoId: next.logoId });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit(v);
  };
  return (
    <Paper component="section" aria-labelledby="sponsorship-profile" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="sponsorship-profile">
          {t('sponsors.mine.profileTitle')}
        </Title>
        <div>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{data.name}</Text>
            <Badge variant="outline" color="gray.9" bg="white" styles={{ root: { textTransform: 'none' } }}>
              {data.tierName}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('sponsors.mine.lockedHint')}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SponsorDetailsFields upload={(body) => mySponsorshipApi.uploadLogo(eventId, data.id, body)} name={data.name} values={v} setValues={setV} logoUrl={logoUrl} setLogoUrl={setLogoUrl} errors={errors} />
            <FormAlert message={save.formError} />
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('sponsors.mine.save')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function Figures({ eventId, data }: { eventId: string; data: TMySponsorship }) {
  const { t } = useTranslation();
  const f = data.figures;
  const hasAny = f.days.some((d) => d.views > 0 || d.clicks > 0);
  return (
    <Paper component="section" aria-labelledby="sponsorship-figures" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="sponsorship-figures">
            {t('sponsors.mine.figuresTitle')}
          </Title>
          <FiguresDownload name={data.name} download={(format) => mySponsorshipApi.figures(eventId, data.id, format)} />
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Stat label={t('sponsors.mine.views')} hint={t('sponsors.mine.viewsHint')} value={f.views} testId="sponsor-views" />
          <Stat label={t('sponsors.mine.clicks')} hint={t('sponsors.mine.clicksHint')} value={f.clicks} testId="sponsor-clicks" />
        </SimpleGrid>
        {hasAny ? (
          <>
            <Text size="sm" fw={500}>
              {t('sponsors.mine.last14')}
            </Text>
            <Suspense fallback={<Skeleton h={180} />}>
              <FiguresChart days={f.days} viewsLabel={t('sponsors.mine.chartViews')} clicksLabel={t('sponsors.mine.chartClicks')} />
            </Suspense>
          </>
        ) : (
          <EmptyState headingLevel={3} icon={<IconChartBar size={32} />} title={t('sponsors.mine.noFigures')} description={t('sponsors.mine.noFiguresBody')} />
        )}
      </Stack>
    </Paper>
  );
}

function Stat({ label, hint, value, testId }: { label: string; hint: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}
