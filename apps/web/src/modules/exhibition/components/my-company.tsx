import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCompanyDocument } from '@pavilion/domain/exhibition/company-documents';
import type { TCompanyVideo } from '@pavilion/domain/exhibition/exhibition.schemas';
import { activeCountries } from '@pavilion/domain/reference/countries';
import { ListLoading } from '../../../ui/list-states.tsx';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { myStandCompanyApi as api, myStandKeys } from '../api/my-stand-api.ts';
import { CompanyFormModal, type CompanyFormSource } from './company-form-modal.tsx';
import { CompanyAvatar } from './company-logo.tsx';
import { CompanyMediaPanel, type CompanyMediaKind } from './company-media-modal.tsx';
import { DOCUMENTS } from './documents-modal.tsx';
import { PlayButton, VIDEO_MEDIA } from './videos-modal.tsx';

/** A titled section of My stand. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * My stand, the admin's own company: its profile and staff emails (the organiser's form, the name read-only), then
 * its documents and videos (the organiser's media panels). The server finds the company from the caller.
 */
export function MyCompany({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const profile = useQuery({ queryKey: myStandKeys.profile(eventId), queryFn: ({ signal }) => api.profile(eventId, signal), enabled: !!eventId });
  const source = useMemo<CompanyFormSource>(
    () => ({
      isNameLocked: true,
      staffKey: myStandKeys.staff(eventId),
      staff: (signal) => api.staff(eventId, signal),
      save: (body) => api.saveProfile(eventId, body),
      saveStaff: (_companyId, emails) => api.saveStaff(eventId, emails),
      uploadLogo: (_companyId, body) => api.uploadLogo(eventId, body),
      removeLogo: () => api.removeLogo(eventId),
      // The stand's booths and badges quota follow the staff list.
      savedKeys: [myStandKeys.profile(eventId), exhibitionKeys.myStand(eventId)],
    }),
    [eventId],
  );
  const c = profile.data;
  const country = c?.countryCode ? (activeCountries().find((x) => x.countryCode === c.countryCode)?.name ?? c.countryCode) : '';
  const facts = c ? [c.category, country, c.website, c.contactEmail].filter(Boolean) : [];
  return (
    <Section id="my-company" title={t('exhibition.stand.companyTitle')}>
      {profile.isPending && <ListLoading rows={1} />}
      {c && (
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <CompanyAvatar name={c.name} logoUrl={c.logoUrl} size={48} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{c.name}</Text>
              <Text size="sm" c="dimmed" data-testid="my-company-facts" style={{ overflowWrap: 'anywhere' }}>
                {facts.length > 0 ? facts.join(' · ') : t('exhibition.stand.companyEmpty')}
              </Text>
            </Stack>
          </Group>
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {t('exhibition.stand.editCompany')}
          </Button>
        </Group>
      )}
      <CompanyFormModal eventId={eventId} company={c ?? null} isOpen={isEditing && !!c} onClose={() => setEditing(false)} source={source} />
    </Section>
  );
}

type TMediaBase<T extends { id: string; title: string; fileName: string; byteSize: number }> = Omit<CompanyMediaKind<T>, 'queryKey' | 'list' | 'upload' | 'rename' | 'remove'>;
type TUpload = { title: string; fileName: string; dataBase64: string };
/** My stand's routes for one kind of media (the company is the caller's, so no company id travels). */
type TMyMediaCalls<T> = {
  key: (eventId: string) => readonly unknown[];
  list: (eventId: string, signal?: AbortSignal) => Promise<T[]>;
  upload: (eventId: string, body: TUpload) => Promise<unknown>;
  rename: (eventId: string, id: string, title: string) => Promise<unknown>;
  remove: (eventId: string, id: string) => Promise<unknown>;
};

/** The organiser's media panel of one kind on My stand's routes, edited by the admin (the server refuses anyone else). */
function MyMedia<T extends { id: string; title: string; fileName: string; byteSize: number }>({ eventId, id, title, base, calls }: { eventId: string; id: string; title: string; base: TMediaBase<T>; calls: TMyMediaCalls<T> }) {
  const kind = useMemo<CompanyMediaKind<T>>(
    () => ({
      ...base,
      editRule: null,
      queryKey: () => calls.key(eventId),
      list: (_e, _c, signal) => calls.list(eventId, signal),
      upload: (_e, _c, body) => calls.upload(eventId, body),
      rename: (_e, _c, itemId, name) => calls.rename(eventId, itemId, name),
      remove: (_e, _c, itemId) => calls.remove(eventId, itemId),
    }),
    [base, calls, eventId],
  );
  return (
    <Section id={id} title={title}>
      <CompanyMediaPanel kind={kind} eventId={eventId} companyId="mine" />
    </Section>
  );
}

const MY_DOCUMENTS: TMyMediaCalls<TCompanyDocument> = { key: myStandKeys.documents, list: api.documents, upload: api.uploadDocument, rename: api.renameDocument, remove: api.deleteDocument };
const MY_VIDEOS: TMyMediaCalls<TCompanyVideo> = { key: myStandKeys.videos, list: api.videos, upload: api.uploadVideo, rename: api.renameVideo, remove: api.deleteVideo };

/** The admin's documents: the organiser's document panel on My stand's routes. */
export function MyDocuments({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return <MyMedia eventId={eventId} id="my-documents" title={t('exhibition.stand.documentsTitle')} base={DOCUMENTS} calls={MY_DOCUMENTS} />;
}

/**
 * The admin's one list of the company's videos: play back (no visitor's view counted), views, rename, delete, upload.
 * (The staff, who do not manage them, have My stand's playback list instead.)
 */
export function MyCompanyVideos({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const base = useMemo<TMediaBase<TCompanyVideo>>(
    () => ({
      ...VIDEO_MEDIA,
      reportHeading: undefined,
      columns: [
        // Play first: on a phone the table scrolls sideways, and playing is what the admin comes for.
        { header: 'colPlay', cell: (v) => <PlayButton video={v} onPlay={() => api.playVideo(eventId, v.id)} /> },
        { header: 'colViews', cell: (v) => v.views, testId: 'video-views' },
      ],
    }),
    [eventId],
  );
  return <MyMedia eventId={eventId} id="my-videos" title={t('exhibition.stand.videosTitle')} base={base} calls={MY_VIDEOS} />;
}
