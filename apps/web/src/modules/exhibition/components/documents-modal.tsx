import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, FileInput, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain/common/base64';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { COMPANY_DOCUMENT_MAX_BYTES, type TCompanyDocument, type TCompanyDocumentUpload } from '@pavilion/domain/exhibition/company-documents';
import { DOCUMENT_EXTENSIONS } from '@pavilion/domain/validation/file-types';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { companyDocumentsApi as api, documentKeys } from '../api/company-documents-api.ts';
import { confirmDelete } from './confirm-delete.ts';

const MB = COMPANY_DOCUMENT_MAX_BYTES / (1024 * 1024);
const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Too big to send: said before the upload starts. */
class DocumentTooLarge extends Error {}

function UploadForm({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: async (input: { title: string; file: File }) => {
      if (input.file.size > COMPANY_DOCUMENT_MAX_BYTES) throw new DocumentTooLarge();
      const body: TCompanyDocumentUpload = { title: input.title, fileName: input.file.name, dataBase64: encodeBase64(new Uint8Array(await input.file.arrayBuffer())) };
      return api.upload(eventId, companyId, body);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: documentKeys.documents(eventId, companyId) }),
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field === 'dataBase64' || field === 'fileName' ? 'file' : field]: message })),
    success: () => t('exhibition.docs.uploaded'),
    onSuccess: () => {
      setTitle('');
      setFile(null);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!file) return setErrors({ file: t('exhibition.docs.chooseFile') });
    if (file.size > COMPANY_DOCUMENT_MAX_BYTES) return setErrors({ file: t('exhibition.docs.tooLarge', { mb: MB }) });
    form.submit({ title, file });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label={t('exhibition.docs.upload')}>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <TextInput label={t('exhibition.docs.docTitle')} required maxLength={160} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title || undefined} />
        <FileInput
          label={t('exhibition.docs.file')}
          required
          value={file}
          onChange={setFile}
          accept={DOCUMENT_EXTENSIONS.map((x) => `.${x}`).join(',')}
          clearable
          error={errors.file || undefined}
          data-testid="document-file"
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={form.isPending}>
            {t('exhibition.docs.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DocumentRow({ eventId, companyId, doc }: { eventId: string; companyId: string; doc: TCompanyDocument }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const invalidate = () => void qc.invalidateQueries({ queryKey: documentKeys.documents(eventId, companyId) });
  const rename = useMutation({
    mutationFn: (title: string) => api.rename(eventId, companyId, doc.id, title),
    onSuccess: () => {
      toast(t('exhibition.docs.renamed'), 'success');
      setDraft(null);
      invalidate();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => api.remove(eventId, companyId, doc.id),
    onSuccess: () => {
      toast(t('exhibition.docs.deleted'), 'success');
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
              {doc.title}
            </Text>
            <Text size="xs" c="dimmed">
              {doc.fileName}
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
            <TextInput size="xs" aria-label={t('exhibition.docs.rename', { name: doc.title })} value={draft} maxLength={160} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus />
            <ActionIcon type="submit" variant="subtle" aria-label={t('exhibition.docs.save')} loading={rename.isPending}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={t('common.cancel')} onClick={() => setDraft(null)}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
      <Table.Td>{sizeOf(doc.byteSize)}</Table.Td>
      <Table.Td>
        <Text size="sm">{doc.uploadedBy === 'staff' ? t('exhibition.docs.byStaff') : t('exhibition.docs.byOrganiser')}</Text>
      </Table.Td>
      <Table.Td data-testid="document-views">{doc.views}</Table.Td>
      <Table.Td data-testid="document-downloads">{doc.downloads}</Table.Td>
      <Table.Td>
        <Can rule="AP-484">
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon variant="subtle" color="gray" aria-label={t('exhibition.docs.rename', { name: doc.title })} onClick={() => setDraft(doc.title)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('exhibition.docs.remove', { name: doc.title })}
              onClick={() => confirmDelete(t, { title: t('exhibition.docs.remove', { name: doc.title }), body: '', confirm: t('exhibition.companies.delete'), onConfirm: () => remove.mutate() })}
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
 * A company's documents (SPEC §3.10 upload media 1, SPEC §5 document types): upload (AP-484), rename, delete, and the
 * exhibitor report's Documents tab (SPEC §2.6): each document's views and downloads. One list with the documents the
 * booth staff add on the Leads tab (the brief bag).
 */
export function DocumentsModal({ eventId, company, onClose }: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const companyId = company?.id ?? '';
  const docs = useQuery({ queryKey: documentKeys.documents(eventId, companyId), queryFn: ({ signal }) => api.documents(eventId, companyId, signal), enabled: !!company });
  return (
    <Modal opened={!!company} onClose={onClose} title={t('exhibition.docs.title', { name: company?.name ?? '' })} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('exhibition.docs.intro', { mb: MB })}
        </Text>
        {docs.isPending && <Skeleton h={60} />}
        {docs.isError && <ListError error={docs.error} onRetry={() => void docs.refetch()} />}
        {docs.data?.length === 0 && (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t('exhibition.docs.empty')}
            </Text>
            <Text c="dimmed" size="sm">
              {t('exhibition.docs.emptyBody')}
            </Text>
          </Stack>
        )}
        {docs.data && docs.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('exhibition.docs.listLabel')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exhibition.docs.colTitle')}</Table.Th>
                  <Table.Th>{t('exhibition.docs.colSize')}</Table.Th>
                  <Table.Th>{t('exhibition.docs.colBy')}</Table.Th>
                  <Table.Th>{t('exhibition.docs.colViews')}</Table.Th>
                  <Table.Th>{t('exhibition.docs.colDownloads')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('exhibition.companies.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.data.map((d) => (
                  <DocumentRow key={d.id} eventId={eventId} companyId={companyId} doc={d} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
