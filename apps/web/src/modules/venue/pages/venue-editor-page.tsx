import '../venue-i18n.ts';
import { Alert, Button, Group, Image, NativeSelect, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarOff, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZAuditoriumConfig,
  ZExhibitionHallConfig,
  ZInfoConfig,
  ZLobbyConfig,
  ZVirtualRoomConfig,
  VENUE_PAGES,
  type TAuditoriumConfig,
  type TExhibitionHallConfig,
  type TInfoConfig,
  type TLobbyConfig,
  type TVenueHotspot,
  type TVenuePage,
  type TVenuePageState,
  type TVenueSettings,
  type TVirtualRoomConfig,
} from '@pavilion/domain/venue/venue.schemas';
import { useAccess } from '../../../app/access.ts';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation, type TSubmittable } from '../../../app/use-form-mutation.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { ListError } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { venueImageUrl, venueOrgApi } from '../api/venue-api.ts';
import { venueKeys } from '../api/venue-keys.ts';
import { HotspotEditor } from '../components/hotspot-editor.tsx';
import { ImageUpload } from '../components/image-upload.tsx';
import { AuditoriumContent, ExhibitionHallContent, InfoContent, VirtualRoomContent } from '../components/venue-content.tsx';
import { VideoEmbed } from '../components/video-embed.tsx';

type TPageState = TVenueSettings[TVenuePage];
const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The browser's copy of the server's rich-text rule (DOMPurify; style and class attributes go) for the preview. */
const cleanInfoHtml = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style', 'class'] });

/** Saves one page through its route: toast, the settings read again, the server's field errors on their fields. */
function useSavePage<TBody>(eventId: string, page: TVenuePage, save: (eventId: string, body: TBody) => Promise<TVenuePageState>, setFieldError: (field: string, message: string) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mutation = useMutation({ mutationFn: (body: TBody) => save(eventId, body), onSuccess: () => qc.invalidateQueries({ queryKey: venueKeys.settings(eventId) }) });
  // A generic body defeats TanStack's variables inference; the mutation is what TSubmittable describes.
  return useFormMutation(mutation as unknown as TSubmittable<TVenuePageState, TBody>, { setFieldError, success: () => t('venue.org.saved', { page: t(`venue.pages.${page}`) }) });
}

/** Shows a saved page to attendees or hides it (AP-780). */
function PublishSwitch({ eventId, page, state, canPublish }: { eventId: string; page: TVenuePage; state: TPageState; canPublish: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const publish = useMutation({
    mutationFn: (isPublished: boolean) => venueOrgApi.publish(eventId, page, isPublished),
    onSuccess: (s) => {
      toast(t(s.isPublished ? 'venue.org.nowPublished' : 'venue.org.nowHidden', { page: t(`venue.pages.${page}`) }), 'success');
      return qc.invalidateQueries({ queryKey: venueKeys.settings(eventId) });
    },
  });
  const isSaved = state.updatedAt !== null;
  // The switch shows the choice at once, in the same event (a controlled input whose state changes only after the
  // mutation starts is put back for a moment, and a quick second look sees it unchanged), until the saved state is read.
  const [choice, setChoice] = useState<boolean | null>(null);
  return (
    <Stack gap={4}>
      <Switch
        label={t('venue.org.published')}
        description={isSaved ? t('venue.org.publishedHint') : t('venue.org.publishSaveFirst')}
        checked={choice ?? state.isPublished}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setChoice(next);
          publish.mutate(next, { onSettled: () => setChoice(null) });
        }}
        disabled={!canPublish || !isSaved || publish.isPending}
      />
      <Text size="xs" c="dimmed">
        {state.updatedAt ? t('venue.org.lastSaved', { when: formatDateTime(state.updatedAt) }) : t('venue.org.neverSaved')}
      </Text>
    </Stack>
  );
}

/** One page's form: its fields, the save button, the publish switch and a preview beside it. */
function PageForm(props: {
  page: TVenuePage;
  eventId: string;
  state: TPageState;
  canEdit: boolean;
  canPublish: boolean;
  note?: string;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  formError: string | null;
  children: ReactNode;
  preview?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`venue.pages.${props.page}`);
  return (
    <SimpleGrid cols={{ base: 1, lg: props.preview ? 2 : 1 }} spacing="lg">
      <Paper withBorder p="lg" component="form" onSubmit={props.onSubmit} aria-label={name} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={2} fz="h3">
              {name}
            </Title>
            <PublishSwitch eventId={props.eventId} page={props.page} state={props.state} canPublish={props.canPublish} />
          </Group>
          {props.note && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              {props.note}
            </Alert>
          )}
          {props.children}
          <FormAlert message={props.formError} />
          {props.canEdit && (
            <Group>
              <Button type="submit" loading={props.isPending}>
                {t('venue.org.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {props.preview && (
        <Paper withBorder p="lg" component="section" aria-label={`${t('venue.org.preview')}: ${name}`} bg="gray.0">
          <Text size="sm" fw={700} c="dimmed" mb="sm" tt="uppercase">
            {t('venue.org.preview')}
          </Text>
          {props.preview}
        </Paper>
      )}
    </SimpleGrid>
  );
}

/** A titled group of fields with its hint. */
function FieldGroup({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {children}
    </Stack>
  );
}

type TLobbyValues = { bannerImageId: string | null; welcomeKind: 'none' | 'video' | 'image'; welcomeVideoUrl: string; welcomeImageId: string | null; hotspots: TVenueHotspot[] };
const toLobby = (v: TLobbyValues): TLobbyConfig => ({
  bannerImageId: v.bannerImageId,
  welcomeVideoUrl: v.welcomeKind === 'video' ? orNull(v.welcomeVideoUrl) : null,
  welcomeImageId: v.welcomeKind === 'image' ? v.welcomeImageId : null,
  hotspots: v.hotspots,
});

function LobbyForm({ eventId, state, canEdit, canPublish }: { eventId: string; state: TVenueSettings['lobby']; canEdit: boolean; canPublish: boolean }) {
  const { t } = useTranslation();
  const c = state.config;
  const form = useForm<TLobbyValues>({
    initialValues: {
      bannerImageId: c?.bannerImageId ?? null,
      welcomeKind: c?.welcomeVideoUrl ? 'video' : c?.welcomeImageId ? 'image' : 'none',
      welcomeVideoUrl: c?.welcomeVideoUrl ?? '',
      welcomeImageId: c?.welcomeImageId ?? null,
      hotspots: c?.hotspots ?? [],
    },
    validate: schemaValidator(ZLobbyConfig, t, toLobby),
  });
  const [selected, setSelected] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const save = useSavePage(eventId, 'lobby', venueOrgApi.saveLobby, form.setFieldError);
  const v = form.values;
  return (
    <PageForm page="lobby" eventId={eventId} state={state} canEdit={canEdit} canPublish={canPublish} onSubmit={form.onSubmit((values) => save.submit(toLobby(values)))} isPending={save.isPending} formError={save.formError ?? uploadError}>
      <FieldGroup title={t('venue.org.banner')} hint={t('venue.org.bannerHint')}>
        {canEdit && (
          <Group gap="sm">
            <ImageUpload eventId={eventId} label={v.bannerImageId ? t('venue.org.replaceBanner') : t('venue.org.uploadBanner')} onUploaded={(id) => form.setFieldValue('bannerImageId', id)} onError={setUploadError} />
            {v.bannerImageId && (
              <Button variant="default" onClick={() => form.setFieldValue('bannerImageId', null)}>
                {t('venue.org.removeBanner')}
              </Button>
            )}
          </Group>
        )}
        {form.errors.bannerImageId && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.bannerImageId}
          </Text>
        )}
      </FieldGroup>
      <FieldGroup title={t('venue.org.hotspots')}>
        <HotspotEditor
          bannerImageId={v.bannerImageId}
          hotspots={v.hotspots}
          onChange={(h) => form.setFieldValue('hotspots', h)}
          selected={selected}
          onSelect={setSelected}
          errorOf={(path) => form.errors[path] as string | undefined}
          disabled={!canEdit}
        />
      </FieldGroup>
      <FieldGroup title={t('venue.org.welcome')}>
        <SegmentedControl
          aria-label={t('venue.org.welcomeKind')}
          data={[
            { value: 'none', label: t('venue.org.welcomeNone') },
            { value: 'video', label: t('venue.org.welcomeVideo') },
            { value: 'image', label: t('venue.org.welcomeImage') },
          ]}
          value={v.welcomeKind}
          onChange={(k) => form.setFieldValue('welcomeKind', k as TLobbyValues['welcomeKind'])}
          disabled={!canEdit}
          style={{ alignSelf: 'flex-start' }}
        />
        {v.welcomeKind === 'video' && (
          <>
            <TextInput label={t('venue.org.videoUrl')} description={t('venue.org.videoUrlHint')} placeholder="https://www.youtube.com/watch?v=…" maxLength={500} disabled={!canEdit} {...form.getInputProps('welcomeVideoUrl')} />
            {orNull(v.welcomeVideoUrl) && <VideoEmbed url={v.welcomeVideoUrl} title={t('venue.attendee.welcomeVideo')} />}
          </>
        )}
        {v.welcomeKind === 'image' && (
          <>
            {canEdit && <ImageUpload eventId={eventId} label={t('venue.org.uploadWelcomeImage')} onUploaded={(id) => form.setFieldValue('welcomeImageId', id)} onError={setUploadError} />}
            {v.welcomeImageId && <Image src={venueImageUrl(v.welcomeImageId)} alt={t('venue.attendee.welcomeImageAlt', { event: '' })} radius="md" mah={240} fit="contain" />}
            {form.errors.welcomeImageId && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.welcomeImageId}
              </Text>
            )}
          </>
        )}
      </FieldGroup>
    </PageForm>
  );
}

function HallForm({ eventId, state, canEdit, canPublish }: { eventId: string; state: TVenueSettings['exhibition-hall']; canEdit: boolean; canPublish: boolean }) {
  const { t } = useTranslation();
  const form = useForm<TExhibitionHallConfig>({ initialValues: state.config ?? { heading: t('venue.pages.exhibition-hall'), intro: '' }, validate: schemaValidator(ZExhibitionHallConfig, t) });
  const save = useSavePage(eventId, 'exhibition-hall', venueOrgApi.saveExhibitionHall, form.setFieldError);
  return (
    <PageForm page="exhibition-hall" eventId={eventId} state={state} canEdit={canEdit} canPublish={canPublish} note={t('venue.org.hallNote')} onSubmit={form.onSubmit((v) => save.submit(v))} isPending={save.isPending} formError={save.formError} preview={<ExhibitionHallContent config={form.values} />}>
      <TextInput label={t('venue.org.heading')} required maxLength={120} disabled={!canEdit} {...form.getInputProps('heading')} />
      <Textarea label={t('venue.org.intro')} autosize minRows={3} maxLength={2000} disabled={!canEdit} {...form.getInputProps('intro')} />
    </PageForm>
  );
}

function AuditoriumForm({ eventId, state, canEdit, canPublish }: { eventId: string; state: TVenueSettings['auditorium']; canEdit: boolean; canPublish: boolean }) {
  const { t } = useTranslation();
  type TValues = { heading: string; intro: string; liveStreamUrl: string };
  const toConfig = (v: TValues): TAuditoriumConfig => ({ ...v, liveStreamUrl: orNull(v.liveStreamUrl) });
  const c = state.config;
  const form = useForm<TValues>({ initialValues: { heading: c?.heading ?? t('venue.pages.auditorium'), intro: c?.intro ?? '', liveStreamUrl: c?.liveStreamUrl ?? '' }, validate: schemaValidator(ZAuditoriumConfig, t, toConfig) });
  const save = useSavePage(eventId, 'auditorium', venueOrgApi.saveAuditorium, form.setFieldError);
  return (
    <PageForm page="auditorium" eventId={eventId} state={state} canEdit={canEdit} canPublish={canPublish} note={t('venue.org.auditoriumNote')} onSubmit={form.onSubmit((v) => save.submit(toConfig(v)))} isPending={save.isPending} formError={save.formError} preview={<AuditoriumContent config={toConfig(form.values)} />}>
      <TextInput label={t('venue.org.heading')} required maxLength={120} disabled={!canEdit} {...form.getInputProps('heading')} />
      <Textarea label={t('venue.org.intro')} autosize minRows={2} maxLength={2000} disabled={!canEdit} {...form.getInputProps('intro')} />
      <TextInput label={t('venue.org.liveStreamUrl')} description={t('venue.org.videoUrlHint')} maxLength={500} disabled={!canEdit} {...form.getInputProps('liveStreamUrl')} />
    </PageForm>
  );
}

function InfoForm({ eventId, state, canEdit, canPublish }: { eventId: string; state: TVenueSettings['info']; canEdit: boolean; canPublish: boolean }) {
  const { t } = useTranslation();
  const form = useForm<TInfoConfig>({ initialValues: state.config ?? { title: t('venue.pages.info'), html: '' }, validate: schemaValidator(ZInfoConfig, t) });
  const save = useSavePage(eventId, 'info', venueOrgApi.saveInfo, form.setFieldError);
  const clean = useMemo(() => cleanInfoHtml(form.values.html), [form.values.html]);
  return (
    <PageForm page="info" eventId={eventId} state={state} canEdit={canEdit} canPublish={canPublish} onSubmit={form.onSubmit((v) => save.submit(v))} isPending={save.isPending} formError={save.formError} preview={<InfoContent title={form.values.title} cleanHtml={clean} />}>
      <TextInput label={t('venue.org.infoTitle')} required maxLength={120} disabled={!canEdit} {...form.getInputProps('title')} />
      <Textarea label={t('venue.org.html')} description={t('venue.org.htmlHint')} autosize minRows={8} maxRows={24} disabled={!canEdit} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} {...form.getInputProps('html')} />
    </PageForm>
  );
}

const HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

function VirtualRoomForm({ eventId, state, canEdit, canPublish }: { eventId: string; state: TVenueSettings['virtual-room']; canEdit: boolean; canPublish: boolean }) {
  const { t } = useTranslation();
  type TValues = { title: string; description: string; joinUrl: string; opensAt: string; closesAt: string };
  const toConfig = (v: TValues): TVirtualRoomConfig => ({ ...v, joinUrl: v.joinUrl.trim(), opensAt: orNull(v.opensAt), closesAt: orNull(v.closesAt) });
  const c = state.config;
  const form = useForm<TValues>({
    initialValues: { title: c?.title ?? t('venue.pages.virtual-room'), description: c?.description ?? '', joinUrl: c?.joinUrl ?? '', opensAt: c?.opensAt ?? '', closesAt: c?.closesAt ?? '' },
    validate: schemaValidator(ZVirtualRoomConfig, t, toConfig),
  });
  const save = useSavePage(eventId, 'virtual-room', venueOrgApi.saveVirtualRoom, form.setFieldError);
  const hourOptions = [{ value: '', label: '—' }, ...HOURS.map((h) => ({ value: h, label: h }))];
  const preview = form.values.joinUrl ? <VirtualRoomContent config={toConfig(form.values)} timeZone={null} isOpenNow={null} /> : undefined;
  return (
    <PageForm page="virtual-room" eventId={eventId} state={state} canEdit={canEdit} canPublish={canPublish} onSubmit={form.onSubmit((v) => save.submit(toConfig(v)))} isPending={save.isPending} formError={save.formError} preview={preview}>
      <TextInput label={t('venue.org.roomTitle')} required maxLength={120} disabled={!canEdit} {...form.getInputProps('title')} />
      <Textarea label={t('venue.org.description')} autosize minRows={2} maxLength={2000} disabled={!canEdit} {...form.getInputProps('description')} />
      <TextInput label={t('venue.org.joinUrl')} description={t('venue.org.joinUrlHint')} required placeholder="https://" maxLength={500} disabled={!canEdit} {...form.getInputProps('joinUrl')} />
      <Group gap="sm" align="flex-start">
        <NativeSelect label={t('venue.org.opensAt')} description={t('venue.org.hoursHint')} data={hourOptions} disabled={!canEdit} {...form.getInputProps('opensAt')} />
        <NativeSelect label={t('venue.org.closesAt')} description=" " data={hourOptions} disabled={!canEdit} {...form.getInputProps('closesAt')} />
      </Group>
    </PageForm>
  );
}

const FORMS = { lobby: LobbyForm, 'exhibition-hall': HallForm, info: InfoForm, auditorium: AuditoriumForm, 'virtual-room': VirtualRoomForm };

/**
 * App & portal → Venue (`app/portal/venue`): one tab per venue page, each a form with its preview and the switch
 * that shows it to attendees. View AP-775, edit AP-777, publish AP-780 (the server decides; the page follows).
 */
export function VenueEditorPage() {
  const { t } = useTranslation();
  usePageTitle(t('venue.org.title'));
  const eventId = useSectionEventId();
  const access = useAccess();
  const [tab, setTab] = useState<TVenuePage>('lobby');
  const settings = useQuery({ queryKey: venueKeys.settings(eventId), queryFn: ({ signal }) => venueOrgApi.settings(eventId, signal), enabled: eventId !== '' });
  const canEdit = access.can('AP-777');
  const canPublish = access.can('AP-780');

  if (!eventId) return <EmptyState icon={<IconCalendarOff size={32} />} title={t('dashboard.noEventTitle')} description={t('dashboard.noEventBody')} />;
  if (settings.isError) return <ListError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton h={360} />;
  const s = settings.data;
  // Each form starts from the saved page; the key makes a newly loaded save the form's new start.
  const props = { eventId, canEdit, canPublish };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('venue.org.modeNote')}
      </Text>
      <Tabs value={tab} onChange={(v) => v && setTab(v as TVenuePage)} keepMounted={false}>
        <Tabs.List aria-label={t('venue.org.pagesNav')} mb="md">
          {VENUE_PAGES.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {t(`venue.pages.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VENUE_PAGES.map((p) => {
          const Form = FORMS[p] as (props: { eventId: string; state: TPageState; canEdit: boolean; canPublish: boolean }) => ReactNode;
          return (
            <Tabs.Panel key={p} value={p}>
              <Form key={s[p].updatedAt ?? 'new'} state={s[p]} {...props} />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
