import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Alert, Button, Drawer, Group, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXHIBITION_FORMS, type TExhibitionFormCode } from '@pavilion/domain/exhibition/exhibition-forms';
import { SUBMISSION_STATUSES, type TSubmission, type TSubmissionStatus } from '@pavilion/domain/exhibition/service-forms';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { formatShortDateTime } from '../../../ui/format.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { exhibitionOrgApi, serviceFormsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { formatPrice } from '../components/price.ts';
import { AnswersAndFile, HistoryTimeline, LinesTable, StatusBadge } from '../components/submission-parts.tsx';

/** Reject with a reason (AP-522): the reason is required and mailed to the company. */
function RejectModal({ eventId, submission, onClose, onDone }: { eventId: string; submission: TSubmission | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const mutation = useMutation({ mutationFn: (r: string) => serviceFormsApi.reject(eventId, submission!.id, r) });
  const form = useFormMutation(mutation, {
    setFieldError: (_field, message) => setError(message),
    success: () => t('exhibition.forms.submissions.rejected'),
    onSuccess: () => {
      setReason('');
      onDone();
    },
  });
  return (
    <FormModal
      opened={submission !== null}
      onClose={onClose}
      title={t('exhibition.forms.submissions.rejectTitle')}
      formLabel={t('exhibition.forms.submissions.rejectTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        setError('');
        form.submit(reason);
      }}
      formError={form.formError}
      isPending={mutation.isPending}
      submitLabel={t('exhibition.forms.submissions.rejectSubmit')}
      submitColor="red"
      cancelLabel={t('common.cancel')}
    >
      <Textarea label={t('exhibition.forms.submissions.rejectionReason')} required autosize minRows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error || undefined} data-autofocus />
    </FormModal>
  );
}

/** One submission: what was ordered or answered, the file, the history, and the organiser's actions. */
function SubmissionDrawer({ eventId, id, onClose }: { eventId: string; id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const access = useAccess();
  const [rejecting, setRejecting] = useState<TSubmission | null>(null);
  const one = useQuery({ queryKey: exhibitionKeys.submission(eventId, id ?? ''), queryFn: ({ signal }) => serviceFormsApi.submission(eventId, id!, signal), enabled: !!id });
  const refresh = () => void qc.invalidateQueries({ queryKey: exhibitionKeys.submissions(eventId) });
  const act = useMutation({
    mutationFn: (action: 'approve' | 'fulfil') => (action === 'approve' ? serviceFormsApi.approve(eventId, id!) : serviceFormsApi.fulfil(eventId, id!)),
    onSuccess: (s) => {
      toast(t(s.status === 'approved' ? 'exhibition.forms.submissions.approved' : 'exhibition.forms.submissions.fulfilled'), 'success');
      refresh();
    },
    onError: (err) => {
      toast(errorMessage(err, t), 'error');
      refresh();
    },
  });
  const s = one.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={s ? t('exhibition.forms.submissions.detail', { form: s.formName, company: s.company.name }) : ''}>
      {one.isPending && <ListLoading rows={3} />}
      {one.isError && <ListError error={one.error} onRetry={() => void one.refetch()} />}
      {s && (
        <Stack gap="md">
          <Group gap="sm">
            <StatusBadge status={s.status} />
            <Text size="sm">{t('exhibition.forms.submissions.boothLine', { number: s.booth.number, hall: s.booth.hall, stall: s.booth.stallType })}</Text>
          </Group>
          {s.status === 'rejected' && (
            <Alert color="red" variant="light" title={t('exhibition.forms.submissions.reason')}>
              {s.rejectionReason}
            </Alert>
          )}
          <LinesTable submission={s} />
          <AnswersAndFile submission={s} onDownload={() => void serviceFormsApi.downloadAttachment(eventId, s.id, s.attachment?.fileName ?? 'attachment').catch((err: unknown) => toast(errorMessage(err, t), 'error'))} />
          <Group gap="sm">
            {s.allowedActions.includes('approve') && access.can('AP-521') && (
              <Button color="teal.8" loading={act.isPending} onClick={() => act.mutate('approve')}>
                {t('exhibition.forms.submissions.approve')}
              </Button>
            )}
            {s.allowedActions.includes('reject') && access.can('AP-522') && (
              <Button color="red" variant="outline" onClick={() => setRejecting(s)}>
                {t('exhibition.forms.submissions.reject')}
              </Button>
            )}
            {s.allowedActions.includes('fulfil') && access.can('AP-521') && (
              <Button loading={act.isPending} onClick={() => act.mutate('fulfil')}>
                {t('exhibition.forms.submissions.fulfil')}
              </Button>
            )}
            {s.allowedActions.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('exhibition.forms.submissions.noActions')}
              </Text>
            )}
          </Group>
          <Title order={3} fz="h5">
            {t('exhibition.forms.submissions.history')}
          </Title>
          <HistoryTimeline history={s.history} />
        </Stack>
      )}
      <RejectModal
        eventId={eventId}
        submission={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          refresh();
        }}
      />
    </Drawer>
  );
}

/** /app/exhibitors/submissions: the companies' submissions (AP-519), filtered by form, status and company; review in a drawer. */
export function SubmissionsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  usePageTitle(t('exhibition.forms.tabs.submissions'));
  const [formCode, setFormCode] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = { ...(formCode ? { formCode: formCode as TExhibitionFormCode } : {}), ...(status ? { status: status as TSubmissionStatus } : {}), ...(companyId ? { companyId } : {}) };
  const list = useQuery({
    queryKey: exhibitionKeys.submissionList(eventId, JSON.stringify(query)),
    queryFn: ({ signal }) => serviceFormsApi.submissions(eventId, query, signal),
    enabled: !!eventId,
    placeholderData: keepPreviousData,
  });
  const companies = useQuery({ queryKey: exhibitionKeys.companyList(eventId, ''), queryFn: ({ signal }) => exhibitionOrgApi.companies(eventId, { pageSize: 200 }, signal), enabled: !!eventId });
  const items = list.data?.items ?? [];
  const isFiltered = !!(formCode || status || companyId);
  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" role="group" aria-label={t('exhibition.forms.submissions.filters')}>
        <Select label={t('exhibition.forms.submissions.form')} placeholder={t('exhibition.forms.submissions.all')} clearable searchable data={EXHIBITION_FORMS.map((f) => ({ value: f.formCode, label: f.formName }))} value={formCode} onChange={setFormCode} w={{ base: '100%', sm: 240 }} />
        <Select label={t('exhibition.forms.submissions.status')} placeholder={t('exhibition.forms.submissions.all')} clearable data={SUBMISSION_STATUSES.filter((x) => x !== 'draft').map((x) => ({ value: x, label: t(`exhibition.forms.status.${x}`) }))} value={status} onChange={setStatus} w={{ base: '100%', sm: 180 }} />
        <Select label={t('exhibition.forms.submissions.company')} placeholder={t('exhibition.forms.submissions.all')} clearable searchable data={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))} value={companyId} onChange={setCompanyId} w={{ base: '100%', sm: 240 }} />
        {list.data && (
          <Text c="dimmed" size="sm" aria-live="polite">
            {t('exhibition.forms.submissions.count', { count: items.length })}
          </Text>
        )}
      </Group>
      {list.isPending && <ListLoading />}
      {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && !isFiltered && <ListEmpty icon={<IconClipboardList size={32} />} title={t('exhibition.forms.submissions.empty')} body={t('exhibition.forms.submissions.emptyBody')} />}
      {list.data && items.length === 0 && isFiltered && (
        <Text c="dimmed" ta="center" py="lg">
          {t('exhibition.forms.submissions.noMatch')}
        </Text>
      )}
      {items.length > 0 && (
        <DataTable
          columns={[t('exhibition.forms.submissions.form'), t('exhibition.forms.submissions.company'), t('exhibition.forms.submissions.booth'), t('exhibition.forms.submissions.status'), t('exhibition.forms.submissions.total'), t('exhibition.forms.submissions.updated'), { label: t('exhibition.forms.list.actions'), isHidden: true }]}
          minWidth={820}
          data-testid="submissions-table"
        >
          {items.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td fw={600}>{s.formName}</Table.Td>
              <Table.Td>{s.company.name}</Table.Td>
              <Table.Td>
                {s.booth.hall} · {s.booth.number}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={s.status} />
              </Table.Td>
              <Table.Td>{s.lines.length > 0 ? `${s.currency} ${formatPrice(s.total)}` : '—'}</Table.Td>
              <Table.Td>{formatShortDateTime(s.updatedAt)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" aria-label={t('exhibition.forms.submissions.openFor', { form: s.formName, company: s.company.name })} onClick={() => setOpenId(s.id)}>
                  {t('exhibition.forms.submissions.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <SubmissionDrawer eventId={eventId} id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
