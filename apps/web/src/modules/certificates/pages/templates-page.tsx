import '../certificates-i18n.ts';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCertificate, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCertificateTemplate, TCertificateTemplateRequest } from '@pavilion/domain/certificates/certificates.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { certificatesApi } from '../api/certificates-api.ts';
import { certificatesKeys } from '../api/certificates-keys.ts';
import { CertificatePreview } from '../components/certificate-preview.tsx';

type TDraft = TCertificateTemplateRequest & { id?: string };

function TemplateEditor({ eventId, draft, onClose }: { eventId: string; draft: TDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState<TDraft>(draft);
  const save = useMutation({
    mutationFn: () => {
      const body = { name: value.name, title: value.title, conductedBy: value.conductedBy, html: value.html };
      return value.id ? certificatesApi.updateTemplate(eventId, value.id, body) : certificatesApi.createTemplate(eventId, body);
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: certificatesKeys.templates(eventId) });
      toast(t('certificates.org.templates.saved'), 'success');
      onClose();
    },
  });
  const values = { firstName: 'Ada', lastName: 'Lovelace', title: value.title, conductedBy: value.conductedBy };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput label={t('certificates.org.templates.name')} value={value.name} onChange={(e) => setValue({ ...value, name: e.currentTarget.value })} required maxLength={120} />
          <TextInput label={t('certificates.org.templates.titleField')} value={value.title} onChange={(e) => setValue({ ...value, title: e.currentTarget.value })} required maxLength={200} />
          <TextInput label={t('certificates.org.templates.conductedBy')} value={value.conductedBy} onChange={(e) => setValue({ ...value, conductedBy: e.currentTarget.value })} maxLength={200} />
          <Textarea
            label={t('certificates.org.templates.html')}
            description={t('certificates.org.templates.htmlHint')}
            value={value.html}
            onChange={(e) => setValue({ ...value, html: e.currentTarget.value })}
            autosize
            minRows={8}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
        </Stack>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('certificates.org.templates.preview')}
          </Text>
          <CertificatePreview html={value.html} values={values} label={t('certificates.org.templates.previewLabel')} />
        </Stack>
      </SimpleGrid>
      {save.isError && <Alert color="red">{errorMessage(save.error, t)}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('certificates.org.templates.cancel')}
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!value.name.trim() || !value.title.trim() || !value.html.trim()}>
          {t('certificates.org.templates.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Templates tab (AP-248..253): list, create from the default, edit with live preview, delete. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<TDraft | null>(null);
  const templates = useQuery({ queryKey: certificatesKeys.templates(eventId!), queryFn: ({ signal }) => certificatesApi.templates(eventId!, signal), enabled: !!eventId });
  const remove = useMutation({
    mutationFn: (id: string) => certificatesApi.deleteTemplate(eventId!, id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: certificatesKeys.templates(eventId!) });
      toast(t('certificates.org.templates.deleted'), 'success');
    },
  });
  if (!eventId) return null;
  const startNew = async () => {
    const def = await qc.fetchQuery({ queryKey: certificatesKeys.defaultTemplate(), queryFn: ({ signal }) => certificatesApi.defaultTemplate(signal) });
    setDraft({ name: 'Certificate of Participation', title: '', conductedBy: '', html: def.html });
  };
  const edit = (tpl: TCertificateTemplate) => setDraft({ id: tpl.id, name: tpl.name, title: tpl.title, conductedBy: tpl.conductedBy, html: tpl.html });
  return (
    <Stack gap="md">
      {access.can('AP-249') && (
        <Group>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => void startNew()}>
            {t('certificates.org.templates.useDefault')}
          </Button>
        </Group>
      )}
      {templates.isPending ? (
        <Skeleton h={160} />
      ) : templates.isError ? (
        <Alert color="red">{errorMessage(templates.error, t)}</Alert>
      ) : templates.data.length === 0 ? (
        <Paper withBorder>
          <EmptyState icon={<IconCertificate size={32} />} title={t('certificates.org.templates.empty')} description={t('certificates.org.templates.emptyBody')} />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {templates.data.map((tpl) => (
            <Paper key={tpl.id} withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} fz="md">
                  {tpl.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {tpl.title} · {t('certificates.org.templates.issued', { count: tpl.issuedCount })}
                </Text>
                <CertificatePreview html={tpl.html} values={{ firstName: 'Ada', lastName: 'Lovelace', title: tpl.title, conductedBy: tpl.conductedBy }} label={`${t('certificates.org.templates.previewLabel')}: ${tpl.name}`} />
                <Group gap="xs">
                  {access.can('AP-250') && (
                    <Button size="xs" variant="default" onClick={() => edit(tpl)} aria-label={`${t('certificates.org.templates.edit')} ${tpl.name}`}>
                      {t('certificates.org.templates.edit')}
                    </Button>
                  )}
                  {access.can('AP-251') && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => window.confirm(t('certificates.org.templates.deleteConfirm', { name: tpl.name })) && remove.mutate(tpl.id)}
                      aria-label={`${t('certificates.org.templates.delete')} ${tpl.name}`}
                    >
                      {t('certificates.org.templates.delete')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={draft !== null} onClose={() => setDraft(null)} size="xl" title={draft?.id ? t('certificates.org.templates.editTitle') : t('certificates.org.templates.newTitle')}>
        {draft && <TemplateEditor eventId={eventId} draft={draft} onClose={() => setDraft(null)} />}
      </Modal>
    </Stack>
  );
}
