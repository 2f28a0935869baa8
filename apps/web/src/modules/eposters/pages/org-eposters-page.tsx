import '../eposters-i18n.ts';
import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, FileButton, Group, Input, NativeSelect, Paper, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconDownload, IconPencil, IconPhoto, IconPlus, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain/common/base64';
import { EPOSTER_ACCEPT, EPOSTER_AUTHORS_MAX, eposterKindOf, eposterMaxBytes, type TEposter, type TEposterAuthor, type TEposterFileUpload } from '@pavilion/domain/eposters/eposters.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { formatSize } from '../lib/format-size.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { epostersOrgApi as api, useEposterMutation, useOrgEposters, useSessionOptions } from '../api/eposters-api.ts';

type TErrors = Record<string, string>;

/** The chosen file: checked here by type and size first (the server checks again, and its bytes). */
type TPicked = { upload: TEposterFileUpload; size: number } | null;

function PosterModal({ eventId, poster, onClose }: { eventId: string; poster: TEposter | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(poster?.title ?? '');
  const [topic, setTopic] = useState(poster?.topic ?? '');
  const [authors, setAuthors] = useState<TEposterAuthor[]>(poster?.authors.map((a) => ({ ...a })) ?? [{ name: '', affiliation: '' }]);
  const [abstract, setAbstract] = useState(poster?.abstract ?? '');
  const [sessionId, setSessionId] = useState(poster?.session?.id ?? '');
  const [picked, setPicked] = useState<TPicked>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const sessions = useSessionOptions(eventId, true);
  const save = useFormMutation(
    useEposterMutation(eventId, (body: Parameters<typeof api.create>[1] | Parameters<typeof api.update>[2]) =>
      poster ? api.update(eventId, poster.id, body as Parameters<typeof api.update>[2]) : api.create(eventId, body as Parameters<typeof api.create>[1]),
    ),
    { setFieldError: (field, message) => setErrors((p) => ({ ...p, [field]: message })), success: () => t('eposters.org.saved'), onSuccess: onClose },
  );

  const pick = async (file: File | null) => {
    if (!file) return;
    const kind = eposterKindOf(file.name);
    setErrors((p) => ({ ...p, 'file.fileName': '', 'file.dataBase64': '', file: '' }));
    if (!kind) return setErrors((p) => ({ ...p, file: translateErrorKey(t, 'fileTypeNotAllowed') }));
    if (file.size > eposterMaxBytes(kind)) return setErrors((p) => ({ ...p, file: translateErrorKey(t, 'posterFileTooLarge') }));
    setPicked({ upload: { fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) }, size: file.size });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!poster && !picked) return setErrors({ file: t('eposters.org.fileRequired') });
    const fields = { title, topic, authors, abstract, sessionId: sessionId || null };
    save.submit(poster ? { ...fields, file: picked?.upload ?? null } : { ...fields, file: picked!.upload });
  };
  const setAuthor = (i: number, patch: Partial<TEposterAuthor>) => setAuthors((list) => list.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const fileError = errors.file || errors['file.fileName'] || errors['file.dataBase64'];

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={poster ? t('eposters.org.editPoster') : t('eposters.org.newPoster')}
      formLabel={poster ? t('eposters.org.editPoster') : t('eposters.org.newPoster')}
      onSubmit={submit}
      formError={save.formError}
      isPending={save.isPending}
      submitLabel={t('eposters.org.save')}
      cancelLabel={t('eposters.org.cancel')}
    >
      <TextInput label={t('eposters.org.titleLabel')} withAsterisk maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} data-autofocus />
      <TextInput label={t('eposters.org.topic')} description={t('eposters.org.topicHint')} withAsterisk maxLength={80} value={topic} onChange={(e) => setTopic(e.currentTarget.value)} error={errors.topic} />
      <Input.Wrapper label={t('eposters.org.authors')} withAsterisk error={errors.authors}>
        <Stack gap="xs" mt={4}>
          {authors.map((a, i) => (
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t('eposters.org.authorName', { n: i + 1 })}
                placeholder={t('eposters.org.authorName', { n: i + 1 })}
                maxLength={120}
                value={a.name}
                onChange={(e) => setAuthor(i, { name: e.currentTarget.value })}
                error={errors[`authors.${i}.name`]}
                style={{ flex: 1 }}
              />
              <TextInput
                aria-label={t('eposters.org.affiliation', { n: i + 1 })}
                placeholder={t('eposters.org.affiliationPlaceholder')}
                maxLength={160}
                value={a.affiliation}
                onChange={(e) => setAuthor(i, { affiliation: e.currentTarget.value })}
                error={errors[`authors.${i}.affiliation`]}
                style={{ flex: 1 }}
              />
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('eposters.org.removeAuthor', { n: i + 1 })} disabled={authors.length === 1} onClick={() => setAuthors((list) => list.filter((_, j) => j !== i))}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {authors.length < EPOSTER_AUTHORS_MAX && (
            <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAuthors((list) => [...list, { name: '', affiliation: '' }])} style={{ alignSelf: 'flex-start' }}>
              {t('eposters.org.addAuthor')}
            </Button>
          )}
        </Stack>
      </Input.Wrapper>
      <Textarea label={t('eposters.org.abstract')} description={t('eposters.org.abstractHint')} autosize minRows={3} maxRows={10} maxLength={5000} value={abstract} onChange={(e) => setAbstract(e.currentTarget.value)} error={errors.abstract} />
      <NativeSelect
        label={t('eposters.org.session')}
        description={t('eposters.org.sessionHint')}
        value={sessionId}
        onChange={(e) => setSessionId(e.currentTarget.value)}
        error={errors.sessionId}
        data={[{ value: '', label: t('eposters.org.noSession') }, ...(sessions.data?.items ?? []).map((s) => ({ value: s.id, label: s.title }))]}
      />
      <Input.Wrapper label={t('eposters.org.file')} description={t('eposters.org.fileHint')} withAsterisk={!poster} error={fileError}>
        <Group gap="sm" mt={6}>
          <FileButton onChange={(f) => void pick(f)} accept={EPOSTER_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                {t('eposters.org.chooseFile')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={picked ? undefined : 'dimmed'} data-testid="eposter-picked-file">
            {picked ? `${picked.upload.fileName} · ${formatSize(picked.size)}` : poster ? t('eposters.org.fileKeep', { name: poster.file.fileName }) : ''}
          </Text>
        </Group>
      </Input.Wrapper>
    </FormModal>
  );
}

/** Sessions & agenda → E-posters (`app/sessions/eposters`): the event's posters, each created, edited or deleted in place. */
export function OrgEpostersPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const list = useOrgEposters(eventId);
  const [editing, setEditing] = useState<TEposter | null | undefined>(undefined);
  const remove = useEposterMutation(eventId, (id: string) => api.remove(eventId, id));
  usePageTitle(t('eposters.org.title'));

  const askDelete = (p: TEposter) =>
    openConfirmModal({
      title: t('eposters.org.confirmDelete', { title: p.title }),
      children: <Text size="sm">{t('eposters.org.confirmDeleteBody')}</Text>,
      labels: { confirm: t('eposters.org.deleteLabel'), cancel: t('eposters.org.cancel') },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
      onConfirm: () => remove.mutate(p.id, { onSuccess: () => toast(t('eposters.org.deleted'), 'success'), onError: (err) => toast(errorMessage(err, t), 'error') }),
    });
  const download = (p: TEposter) => void api.download(eventId, p.id, p.file.fileName).catch((err: unknown) => toast(errorMessage(err, t), 'error'));

  if (list.isPending) return <ListLoading />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.data.items;
  const add = (
    <Can rule="AP-757">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)} style={{ alignSelf: 'flex-start' }}>
        {t('eposters.org.newPoster')}
      </Button>
    </Can>
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('eposters.org.intro')}
      </Text>
      {items.length === 0 ? (
        <ListEmpty icon={<IconPhoto size={32} />} title={t('eposters.org.empty')} body={t('eposters.org.emptyBody')} action={add} />
      ) : (
        <>
          {add}
          <Paper withBorder style={{ overflowX: 'auto' }}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('eposters.org.colTitle')}</Table.Th>
                  <Table.Th>{t('eposters.org.colTopic')}</Table.Th>
                  <Table.Th>{t('eposters.org.colSession')}</Table.Th>
                  <Table.Th>{t('eposters.org.colFile')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.id} data-testid="org-eposter-row">
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {p.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('eposters.org.byAuthors', { names: p.authors.map((a) => a.name).join(', ') })}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.topic}</Table.Td>
                    <Table.Td>{p.session?.title ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge variant="filled" color={p.file.kind === 'pdf' ? 'red.9' : 'blue.9'}>
                          {t(`eposters.org.kind.${p.file.kind}`)}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {formatSize(p.file.byteSize)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon variant="subtle" aria-label={t('eposters.org.download', { title: p.title })} onClick={() => download(p)}>
                          <IconDownload size={16} aria-hidden />
                        </ActionIcon>
                        <Can rule="AP-757">
                          <ActionIcon variant="subtle" aria-label={t('eposters.org.edit', { title: p.title })} onClick={() => setEditing(p)}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Can>
                        <Can rule="AP-758">
                          <ActionIcon variant="subtle" color="red" aria-label={t('eposters.org.delete', { title: p.title })} onClick={() => askDelete(p)}>
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Can>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
      {editing !== undefined && <PosterModal eventId={eventId} poster={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
