import '../leads-i18n.ts';
import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBriefcase, IconDownload, IconFileText, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBoothDocument } from '@pavilion/domain/leads/leads.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { bagApi, leadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';
import { BagButton } from './bag-button.tsx';

const sizeOf = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
const errorText = (err: unknown, fallback: string) => (isApiError(err) ? (err.errors?.[0] ? `${err.message} (${err.errors[0].key})` : err.message) : fallback);

/** A listed document; a brief bag's product document also names its product. */
type TListedDocument = TBoothDocument & { productName?: string | null };

function DocRow({ doc, action }: { doc: TListedDocument; action: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap" p="sm" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 160px' }}>
        <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {doc.title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {[doc.productName, doc.fileName, sizeOf(doc.byteSize)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
      {action}
    </Group>
  );
}

function DocList<T extends TListedDocument>({ docs, action, testId }: { docs: T[]; action: (d: T) => React.ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={testId}>
      {docs.map((d, i) => (
        <li key={d.id} style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
          <DocRow doc={d} action={action(d)} />
        </li>
      ))}
    </Paper>
  );
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/** Staff: the booth's documents (what visitors collect into their brief bag). */
export function BoothDocuments({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const docs = useQuery({ queryKey: leadsKeys.documents(eventId), queryFn: ({ signal }) => leadsApi.documents(eventId, signal) });
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const upload = useMutation({
    mutationFn: async () => leadsApi.uploadDocument(eventId, { title: title.trim() || file!.name, fileName: file!.name, dataBase64: await readBase64(file!) }),
    onSuccess: () => {
      toast(t('leads.documents.uploaded'), 'success');
      setFile(null);
      setTitle('');
      void qc.invalidateQueries({ queryKey: leadsKeys.documents(eventId) });
    },
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => leadsApi.deleteDocument(eventId, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: leadsKeys.documents(eventId) }),
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('leads.documents.title')}
        </Title>
        {docs.isPending && <Skeleton h={40} />}
        {docs.data && docs.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('leads.documents.none')}
          </Text>
        )}
        {docs.data && docs.data.length > 0 && (
          <DocList
            docs={docs.data}
            testId="booth-documents"
            action={(d) => (
              <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(d.id)} aria-label={t('leads.documents.remove', { title: d.title })}>
                {t('leads.documents.removeShort')}
              </Button>
            )}
          />
        )}
        <FileInput label={t('leads.documents.file')} description={t('leads.documents.fileHint')} value={file} onChange={setFile} accept=".pdf,.doc,.docx,.txt,.xls,.xlsx,.csv" clearable />
        <TextInput label={t('leads.documents.docTitle')} maxLength={160} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file} loading={upload.isPending} onClick={() => upload.mutate()} w="fit-content">
          {t('leads.documents.upload')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * A company's documents on its page (Exhibitors tab), each with "Add to brief bag" for a signed-in participant, and
 * `open` (exhibition's "Open": counted download) for everyone the tab lets in.
 */
export function CompanyDocuments({ eventId, companyId, open }: { eventId: string; companyId: string; open?: (doc: TBoothDocument) => React.ReactNode }) {
  const { t } = useTranslation();
  const docs = useQuery({ queryKey: leadsKeys.companyDocuments(eventId, companyId), queryFn: ({ signal }) => bagApi.companyDocuments(eventId, companyId, signal) });
  if (docs.isPending || !docs.data || docs.data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('leads.documents.title')}
      </Title>
      <DocList
        docs={docs.data}
        testId="company-documents"
        action={(d) => (
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {open?.(d)}
            <BagButton eventId={eventId} documentId={d.id} title={d.title} />
          </Group>
        )}
      />
    </Stack>
  );
}

/** "Mail my bag to me after the event": stored per participation on the server, so it holds across devices and reloads. */
function MailAfterEvent({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const mail = useQuery({ queryKey: leadsKeys.bagMail(eventId), queryFn: ({ signal }) => bagApi.mail(eventId, signal) });
  // The tick shows at once (set in the change handler itself: the mutation's pending state arrives a tick later, and
  // in between React would put the controlled box back), and falls back to the server's answer when the save ends.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (isOptedIn: boolean) => bagApi.setMail(eventId, isOptedIn),
    onSuccess: (state) => qc.setQueryData(leadsKeys.bagMail(eventId), state),
    onError: (err) => toast(errorText(err, t('leads.bag.mailSaveError')), 'error'),
    onSettled: () => setTicked(null),
  });
  if (mail.isPending) return <Skeleton h={44} />;
  if (mail.isError) return null;
  const isChecked = ticked ?? mail.data.isOptedIn;
  return (
    <Stack gap={4}>
      <Checkbox
        label={t('leads.bag.mailAfter')}
        description={t('leads.bag.mailAfterHint')}
        checked={isChecked}
        disabled={save.isPending}
        onChange={(e) => {
          setTicked(e.currentTarget.checked);
          save.mutate(e.currentTarget.checked);
        }}
      />
      {mail.data.sentAt && (
        <Text size="xs" c="dimmed" pl={32}>
          {t('leads.bag.mailSentAt', { date: new Date(mail.data.sentAt).toLocaleString(i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}

/** The participant's brief bag: what they collected, one ZIP of it all, or the bag by mail after the event. */
export function BriefBag({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const bag = useQuery({ queryKey: leadsKeys.bag(eventId), queryFn: ({ signal }) => bagApi.bag(eventId, signal) });
  const remove = useMutation({
    mutationFn: (id: string) => bagApi.remove(eventId, id),
    onSuccess: (b) => qc.setQueryData(leadsKeys.bag(eventId), b),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('leads.bag.title')}
        </Title>
        {bag.data && bag.data.items.length > 0 && (
          <Button size="sm" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void bagApi.zip(eventId).catch(() => toast(t('leads.staff.exportError'), 'error'))}>
            {t('leads.bag.download')}
          </Button>
        )}
      </Group>
      <MailAfterEvent eventId={eventId} />
      {bag.isPending && <Skeleton h={60} />}
      {bag.isError && <Alert color="red">{t('leads.staff.loadError')}</Alert>}
      {bag.data && bag.data.items.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconBriefcase size={32} />} title={t('leads.bag.empty')} description={t('leads.bag.emptyBody')} headingLevel={3} />
        </Paper>
      )}
      {bag.data && bag.data.items.length > 0 && (
        <DocList
          docs={bag.data.items}
          testId="brief-bag"
          action={(d) => (
            <Button size="xs" variant="subtle" onClick={() => remove.mutate(d.id)} aria-label={t('leads.bag.remove', { title: d.title })}>
              {t('leads.documents.removeShort')}
            </Button>
          )}
        />
      )}
    </Stack>
  );
}
