import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, FileInput, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain/common/base64';
import { VIDEO_MAX_BYTES, VIDEO_UPLOAD_EXTENSIONS, type TCompanyVideo, type TCompanyVideoUpload, type TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { confirmDelete } from './confirm-delete.ts';

const MB = VIDEO_MAX_BYTES / (1024 * 1024);
const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Too big to send: said before the upload starts. */
class VideoTooLarge extends Error {}

function UploadForm({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: async (input: { title: string; file: File }) => {
      if (input.file.size > VIDEO_MAX_BYTES) throw new VideoTooLarge();
      const body: TCompanyVideoUpload = { title: input.title, fileName: input.file.name, dataBase64: encodeBase64(new Uint8Array(await input.file.arrayBuffer())) };
      return api.uploadVideo(eventId, companyId, body);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: exhibitionKeys.videos(eventId, companyId) }),
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field === 'dataBase64' || field === 'fileName' ? 'file' : field]: message })),
    success: () => t('exhibition.videos.uploaded'),
    onSuccess: () => {
      setTitle('');
      setFile(null);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!file) return setErrors({ file: t('exhibition.videos.chooseFile') });
    if (file.size > VIDEO_MAX_BYTES) return setErrors({ file: t('exhibition.videos.tooLarge', { mb: MB }) });
    form.submit({ title, file });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label={t('exhibition.videos.upload')}>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <TextInput label={t('exhibition.videos.videoTitle')} required maxLength={160} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title || undefined} />
        <FileInput
          label={t('exhibition.videos.file')}
          required
          value={file}
          onChange={setFile}
          accept={VIDEO_UPLOAD_EXTENSIONS.map((x) => `.${x}`).join(',')}
          clearable
          error={errors.file || undefined}
          data-testid="video-file"
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={form.isPending}>
            {t('exhibition.videos.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function VideoRow({ eventId, companyId, video }: { eventId: string; companyId: string; video: TCompanyVideo }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const invalidate = () => void qc.invalidateQueries({ queryKey: exhibitionKeys.videos(eventId, companyId) });
  const rename = useMutation({
    mutationFn: (title: string) => api.renameVideo(eventId, companyId, video.id, title),
    onSuccess: () => {
      toast(t('exhibition.videos.renamed'), 'success');
      setDraft(null);
      invalidate();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => api.deleteVideo(eventId, companyId, video.id),
    onSuccess: () => {
      toast(t('exhibition.videos.deleted'), 'success');
      invalidate();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  return (
    <Table.Tr>
      <Table.Td>
        {draft === null ? (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {video.title}
            </Text>
            <Text size="xs" c="dimmed">
              {video.fileName}
            </Text>
          </Stack>
        ) : (
          <Group
            gap={4}
            wrap="nowrap"
            component="form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              rename.mutate(draft);
            }}
          >
            <TextInput size="xs" aria-label={t('exhibition.videos.rename', { name: video.title })} value={draft} maxLength={160} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus />
            <ActionIcon type="submit" variant="subtle" aria-label={t('exhibition.videos.save')} loading={rename.isPending}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={t('common.cancel')} onClick={() => setDraft(null)}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
      <Table.Td>{sizeOf(video.byteSize)}</Table.Td>
      <Table.Td data-testid="video-views">{video.views}</Table.Td>
      <Table.Td>
        <Can rule="AP-484">
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon variant="subtle" color="gray" aria-label={t('exhibition.videos.rename', { name: video.title })} onClick={() => setDraft(video.title)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('exhibition.videos.remove', { name: video.title })}
              onClick={() => confirmDelete(t, { title: t('exhibition.videos.remove', { name: video.title }), body: '', confirm: t('exhibition.companies.delete'), onConfirm: () => remove.mutate() })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Can>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * A company's videos (SPEC §3.10 upload media 2): upload (AP-484), rename, delete, and the exhibitor report's Videos
 * tab (SPEC §2.6): each video's views, counted once per participant.
 */
export function VideosModal({ eventId, company, onClose }: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const companyId = company?.id ?? '';
  const videos = useQuery({ queryKey: exhibitionKeys.videos(eventId, companyId), queryFn: ({ signal }) => api.videos(eventId, companyId, signal), enabled: !!company });
  return (
    <Modal opened={!!company} onClose={onClose} title={t('exhibition.videos.title', { name: company?.name ?? '' })} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('exhibition.videos.intro', { mb: MB })}
        </Text>
        {videos.isPending && <Skeleton h={60} />}
        {videos.isError && <ListError error={videos.error} onRetry={() => void videos.refetch()} />}
        {videos.data?.length === 0 && (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('exhibition.videos.empty')}
            </Text>
            <Text c="dimmed" size="sm">
              {t('exhibition.videos.emptyBody')}
            </Text>
          </Stack>
        )}
        {videos.data && videos.data.length > 0 && (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t('exhibition.videos.report')}
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table aria-label={t('exhibition.videos.listLabel')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('exhibition.videos.colTitle')}</Table.Th>
                    <Table.Th>{t('exhibition.videos.colSize')}</Table.Th>
                    <Table.Th>{t('exhibition.videos.colViews')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('exhibition.companies.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {videos.data.map((v) => (
                    <VideoRow key={v.id} eventId={eventId} companyId={companyId} video={v} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        {company && (
          <Can rule="AP-484">
            <UploadForm key={companyId} eventId={eventId} companyId={companyId} />
          </Can>
        )}
      </Stack>
    </Modal>
  );
}
