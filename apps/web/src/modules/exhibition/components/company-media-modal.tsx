import { useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Button, FileInput, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain/common/base64';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { Can } from '../../../app/access-gate.tsx';
import type { TAccessRule } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { confirmDelete } from './confirm-delete.ts';

/** What a company's media list holds: a titled upload with its file name and size. */
type TMediaItem = { id: string; title: string; fileName: string; byteSize: number };
type TUpload = { title: string; fileName: string; dataBase64: string };

/**
 * One kind of a company's media (videos, documents): its i18n namespace (`exhibition.videos`, `exhibition.docs`, each
 * with the same keys), its limits, its API and its report columns after the size.
 */
export type CompanyMediaKind<T extends TMediaItem> = {
  ns: string;
  /** The key (under `ns`) of the title field's label. */
  titleLabel: string;
  maxBytes: number;
  extensions: readonly string[];
  /** `data-testid` of the file input: `${testId}-file`. */
  testId: string;
  queryKey: (eventId: string, companyId: string) => readonly unknown[];
  list: (eventId: string, companyId: string, signal?: AbortSignal) => Promise<T[]>;
  upload: (eventId: string, companyId: string, body: TUpload) => Promise<unknown>;
  rename: (eventId: string, companyId: string, id: string, title: string) => Promise<unknown>;
  remove: (eventId: string, companyId: string, id: string) => Promise<unknown>;
  /** The report's columns after the size: header key (under `ns`), cell, and the cell's test id. */
  columns: { header: string; cell: (item: T) => ReactNode; testId?: string }[];
  /** A heading above the table (the videos' "report"), or none. */
  reportHeading?: string;
  size: 'lg' | 'xl';
  minTableWidth: number;
  /** The organiser's code that edits (AP-484); null on My stand, where the server decides (the company's admin). */
  editRule?: TAccessRule | null;
};

/** Edit controls behind the kind's access code, or shown as they are when the server alone decides. */
function EditGate({ rule, children }: { rule: TAccessRule | null | undefined; children: ReactNode }) {
  return rule === null ? <>{children}</> : <Can rule={rule ?? 'AP-484'}>{children}</Can>;
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Too big to send: said before the upload starts. */
class MediaTooLarge extends Error {}

function UploadForm<T extends TMediaItem>({ kind, eventId, companyId }: { kind: CompanyMediaKind<T>; eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mb = kind.maxBytes / (1024 * 1024);
  const mutation = useMutation({
    mutationFn: async (input: { title: string; file: File }) => {
      if (input.file.size > kind.maxBytes) throw new MediaTooLarge();
      return kind.upload(eventId, companyId, { title: input.title, fileName: input.file.name, dataBase64: encodeBase64(new Uint8Array(await input.file.arrayBuffer())) });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: kind.queryKey(eventId, companyId) }),
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field === 'dataBase64' || field === 'fileName' ? 'file' : field]: message })),
    success: () => t(`${kind.ns}.uploaded`),
    onSuccess: () => {
      setTitle('');
      setFile(null);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!file) return setErrors({ file: t(`${kind.ns}.chooseFile`) });
    if (file.size > kind.maxBytes) return setErrors({ file: t(`${kind.ns}.tooLarge`, { mb }) });
    form.submit({ title, file });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label={t(`${kind.ns}.upload`)}>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <TextInput label={t(`${kind.ns}.${kind.titleLabel}`)} required maxLength={160} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title || undefined} />
        <FileInput
          label={t(`${kind.ns}.file`)}
          required
          value={file}
          onChange={setFile}
          accept={kind.extensions.map((x) => `.${x}`).join(',')}
          clearable
          error={errors.file || undefined}
          data-testid={`${kind.testId}-file`}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={form.isPending}>
            {t(`${kind.ns}.upload`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function MediaRow<T extends TMediaItem>({ kind, eventId, companyId, item }: { kind: CompanyMediaKind<T>; eventId: string; companyId: string; item: T }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const invalidate = () => void qc.invalidateQueries({ queryKey: kind.queryKey(eventId, companyId) });
  const rename = useMutation({
    mutationFn: (title: string) => kind.rename(eventId, companyId, item.id, title),
    onSuccess: () => {
      toast(t(`${kind.ns}.renamed`), 'success');
      setDraft(null);
      invalidate();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => kind.remove(eventId, companyId, item.id),
    onSuccess: () => {
      toast(t(`${kind.ns}.deleted`), 'success');
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
              {item.title}
            </Text>
            <Text size="xs" c="dimmed">
              {item.fileName}
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
            <TextInput size="xs" aria-label={t(`${kind.ns}.rename`, { name: item.title })} value={draft} maxLength={160} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus />
            <ActionIcon type="submit" variant="subtle" aria-label={t(`${kind.ns}.save`)} loading={rename.isPending}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label={t('common.cancel')} onClick={() => setDraft(null)}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Table.Td>
      <Table.Td>{sizeOf(item.byteSize)}</Table.Td>
      {kind.columns.map((c) => (
        <Table.Td key={c.header} data-testid={c.testId}>
          {c.cell(item)}
        </Table.Td>
      ))}
      <Table.Td>
        <EditGate rule={kind.editRule}>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon variant="subtle" color="gray" aria-label={t(`${kind.ns}.rename`, { name: item.title })} onClick={() => setDraft(item.title)}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t(`${kind.ns}.remove`, { name: item.title })}
              onClick={() => confirmDelete(t, { title: t(`${kind.ns}.remove`, { name: item.title }), body: '', confirm: t('exhibition.companies.delete'), onConfirm: () => remove.mutate() })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </EditGate>
      </Table.Td>
    </Table.Tr>
  );
}

/** A company's media of one kind: the list with its report columns, rename and delete, and the upload form (edit rule). */
export function CompanyMediaPanel<T extends TMediaItem>({ kind, eventId, companyId }: { kind: CompanyMediaKind<T>; eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const items = useQuery({ queryKey: kind.queryKey(eventId, companyId), queryFn: ({ signal }) => kind.list(eventId, companyId, signal), enabled: !!companyId });
  const table = items.data && items.data.length > 0 && (
    <Table.ScrollContainer minWidth={kind.minTableWidth}>
      <Table aria-label={t(`${kind.ns}.listLabel`)} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${kind.ns}.colTitle`)}</Table.Th>
            <Table.Th>{t(`${kind.ns}.colSize`)}</Table.Th>
            {kind.columns.map((c) => (
              <Table.Th key={c.header}>{t(`${kind.ns}.${c.header}`)}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('exhibition.companies.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.data.map((item) => (
            <MediaRow key={item.id} kind={kind} eventId={eventId} companyId={companyId} item={item} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(`${kind.ns}.intro`, { mb: kind.maxBytes / (1024 * 1024) })}
      </Text>
      {items.isPending && <Skeleton h={60} />}
      {items.isError && <ListError error={items.error} onRetry={() => void items.refetch()} />}
      {items.data?.length === 0 && (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {t(`${kind.ns}.empty`)}
          </Text>
          <Text c="dimmed" size="sm">
            {t(`${kind.ns}.emptyBody`)}
          </Text>
        </Stack>
      )}
      {table &&
        (kind.reportHeading ? (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t(`${kind.ns}.${kind.reportHeading}`)}
            </Title>
            {table}
          </Stack>
        ) : (
          table
        ))}
      {companyId && (
        <EditGate rule={kind.editRule}>
          <UploadForm key={companyId} kind={kind} eventId={eventId} companyId={companyId} />
        </EditGate>
      )}
    </Stack>
  );
}

/** The panel in a dialog, for the organiser's Companies page. */
export function CompanyMediaModal<T extends TMediaItem>({ kind, eventId, company, onClose }: { kind: CompanyMediaKind<T>; eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!company} onClose={onClose} title={t(`${kind.ns}.title`, { name: company?.name ?? '' })} size={kind.size}>
      {company && <CompanyMediaPanel kind={kind} eventId={eventId} companyId={company.id} />}
    </Modal>
  );
}
