import '../exhibition-i18n.ts';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconInfoCircle, IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TExhibitionFormCode } from '@pavilion/domain/exhibition/exhibition-forms';
import { FORM_ATTACHMENT_EXTENSIONS, FORM_ATTACHMENT_MAX_BYTES, linesTotalCents, type TSubmission, type TSubmissionInput } from '@pavilion/domain/exhibition/service-forms';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { myStandApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { formatPrice } from '../components/price.ts';
import { HistoryTimeline, LinesTable, StatusBadge } from '../components/submission-parts.tsx';
import { useStandEventId } from './my-stand-page.tsx';

type TFile = { fileName: string; dataBase64: string };

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** /attendium/stand/:boothId/:formCode: the company admin fills one form for one booth: quantities, answers, a file. */
export function MyFormPage() {
  const { t } = useTranslation();
  const eventId = useStandEventId();
  const { boothId = '', formCode = '' } = useParams();
  const qc = useQueryClient();
  const key = exhibitionKeys.myForm(eventId, boothId, formCode);
  const data = useQuery({ queryKey: key, queryFn: ({ signal }) => myStandApi.form(eventId, boothId, formCode as TExhibitionFormCode, signal), enabled: !!eventId && !!boothId });
  const form = data.data?.form;
  const submission = data.data?.submission ?? null;
  usePageTitle(form ? form.formName : t('exhibition.forms.stand.title'));
  const [quantities, setQuantities] = useState<Record<string, number | ''>>({});
  const [answers, setAnswers] = useState<string[]>([]);
  const [file, setFile] = useState<TFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!data.data) return;
    const f = data.data.form;
    const s = data.data.submission;
    setQuantities(Object.fromEntries(f.particulars.map((p) => [p.name, s?.lines.find((l) => l.name === p.name)?.quantity ?? 0])));
    setAnswers(f.questions.map((q) => s?.answers.find((a) => a.label === q.label)?.value ?? ''));
    setFile(null);
  }, [data.data]);
  const mutation = useMutation({
    mutationFn: (body: TSubmissionInput) => myStandApi.save(eventId, boothId, formCode as TExhibitionFormCode, body),
    onSuccess: (saved: TSubmission) => {
      qc.setQueryData(key, (old: typeof data.data) => (old ? { ...old, submission: saved } : old));
      void qc.invalidateQueries({ queryKey: exhibitionKeys.myStand(eventId) });
    },
  });
  const save = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: (s) => (s.status === 'draft' ? t('exhibition.forms.fill.saved') : t('exhibition.forms.fill.submitted')),
  });
  const total = useMemo(() => (form ? linesTotalCents(form.particulars.map((p) => ({ rate: p.rate, quantity: Number(quantities[p.name] || 0) }))) / 100 : 0), [form, quantities]);
  const stand = `/attendium/stand?eventId=${encodeURIComponent(eventId)}`;
  const booth = data.data?.booth;
  const isEditable = !!form && !form.isPastDeadline && (!submission || submission.allowedActions.includes('save'));
  const send = (submit: boolean) => {
    if (!form) return;
    setErrors({});
    save.submit({
      version: submission?.version ?? 0,
      submit,
      lines: form.particulars.map((p) => ({ name: p.name, quantity: Number(quantities[p.name] || 0) })),
      answers,
      ...(file ? { attachment: file } : {}),
    });
  };
  const onFile = async (f: File | null) => {
    setErrors((e) => ({ ...e, attachment: '' }));
    if (!f) return setFile(null);
    if (f.size > FORM_ATTACHMENT_MAX_BYTES) {
      setFile(null);
      return setErrors((e) => ({ ...e, attachment: t('exhibition.forms.fill.fileTooBig') }));
    }
    setFile({ fileName: f.name, dataBase64: await readBase64(f) });
  };
  const fileError = errors.attachment || errors['attachment.fileName'] || errors['attachment.dataBase64'] || undefined;

  return (
    <AttendeePage back={{ to: stand, label: t('exhibition.forms.stand.backToStand') }} title={form && booth ? t('exhibition.forms.fill.title', { form: form.formName, number: booth.number }) : t('exhibition.forms.stand.title')} intro={form?.formDescription}>
      {data.isPending && <ListLoading rows={3} />}
      {data.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(data.error, t)}
        </Alert>
      )}
      {form && (
        <Stack gap="md">
          <Group gap="sm">
            {submission && <StatusBadge status={submission.status} />}
            {form.deadline && (
              <Text size="sm" c={form.isPastDeadline ? 'red.9' : 'dimmed'}>
                {t('exhibition.forms.fill.deadline', { deadline: form.deadline.replace('T', ' '), zone: data.data?.timeZone })}
              </Text>
            )}
          </Group>
          {submission?.status === 'rejected' && (
            <Alert color="red" variant="light" title={t('exhibition.forms.status.rejected')}>
              {t('exhibition.forms.fill.rejectedBecause', { reason: submission.rejectionReason })}
            </Alert>
          )}
          {form.isPastDeadline && (
            <Alert color="orange" variant="light" role="status">
              {t('exhibition.forms.fill.pastDeadline')}
            </Alert>
          )}
          {submission && !isEditable && !form.isPastDeadline && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
              {t('exhibition.forms.fill.readOnly', { status: t(`exhibition.forms.status.${submission.status}`).toLowerCase() })}
            </Alert>
          )}
          {form.instructions && (
            <Paper withBorder p="sm" radius="sm" bg="gray.0">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {form.instructions}
              </Text>
            </Paper>
          )}
          {!isEditable && submission ? (
            <Stack gap="sm">
              <LinesTable submission={submission} />
              {submission.answers.map((a) => (
                <div key={a.label}>
                  <Text size="xs" c="dimmed">
                    {a.label}
                  </Text>
                  <Text size="sm">{a.value || '—'}</Text>
                </div>
              ))}
              {submission.attachment && (
                <Anchor component="button" type="button" size="sm" onClick={() => void myStandApi.downloadAttachment(eventId, submission.id, submission.attachment!.fileName).catch((err: unknown) => toast(errorMessage(err, t), 'error'))}>
                  {t('exhibition.forms.submissions.download', { name: submission.attachment.fileName })}
                </Anchor>
              )}
            </Stack>
          ) : (
            <form
              noValidate
              aria-label={form.formName}
              onSubmit={(e) => {
                e.preventDefault();
                send(true);
              }}
            >
              <Stack gap="md">
                <FormAlert message={save.formError} />
                {form.particulars.length > 0 && (
                  <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                    <Title order={2} fz="h5" component="legend">
                      {t('exhibition.forms.fill.order')}
                    </Title>
                    {form.particulars.map((p, i) => (
                      <NumberInput
                        key={p.name}
                        label={t('exhibition.forms.fill.quantity', { item: p.name })}
                        description={t('exhibition.forms.fill.each', { rate: `${p.currency} ${formatPrice(p.rate)}`, unit: p.unit || '1' })}
                        min={0}
                        max={100000}
                        allowDecimal={false}
                        allowNegative={false}
                        value={quantities[p.name] ?? 0}
                        onChange={(v) => setQuantities((q) => ({ ...q, [p.name]: typeof v === 'number' ? v : v === '' ? '' : Number(v) }))}
                        error={errors[`lines.${i}.quantity`] || errors[`lines.${i}.name`] || undefined}
                      />
                    ))}
                    {errors.lines && (
                      <Text c="red.8" size="sm" role="alert">
                        {errors.lines}
                      </Text>
                    )}
                    <Group justify="space-between" aria-live="polite">
                      <Text fw={600}>{t('exhibition.forms.fill.total')}</Text>
                      <Text fw={700}>
                        {form.particulars[0]?.currency} {formatPrice(total)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('exhibition.forms.fill.totalHint')}
                    </Text>
                  </Stack>
                )}
                {form.questions.map((q, i) => (
                  <Textarea key={i} label={q.label} required={q.isRequired} autosize minRows={1} maxLength={2000} value={answers[i] ?? ''} onChange={(e) => {
                    // Read now: React runs the updater later, when the event's currentTarget is already null.
                    const value = e.currentTarget.value;
                    setAnswers((a) => a.map((x, j) => (j === i ? value : x)));
                  }} error={errors[`answers.${i}`] || undefined} />
                ))}
                {form.attachment && (
                  <Stack gap={4}>
                    <FileInput
                      label={form.attachment.label}
                      required={form.attachment.isRequired}
                      placeholder={t('exhibition.forms.fill.chooseFile')}
                      accept={FORM_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
                      leftSection={<IconPaperclip size={16} aria-hidden />}
                      clearable
                      onChange={(f) => void onFile(f)}
                      error={fileError}
                    />
                    {submission?.attachment && !file && (
                      <Text size="xs" c="dimmed">
                        {t('exhibition.forms.fill.currentFile', { name: submission.attachment.fileName })}
                      </Text>
                    )}
                  </Stack>
                )}
                <Group gap="sm">
                  <Button type="button" variant="default" loading={mutation.isPending && mutation.variables?.submit === false} onClick={() => send(false)}>
                    {t('exhibition.forms.fill.saveDraft')}
                  </Button>
                  <Button type="submit" loading={mutation.isPending && mutation.variables?.submit === true}>
                    {t('exhibition.forms.fill.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          {submission && submission.history.length > 0 && (
            <Stack gap="xs">
              <Title order={2} fz="h5">
                {t('exhibition.forms.fill.history')}
              </Title>
              <HistoryTimeline history={submission.history} />
            </Stack>
          )}
        </Stack>
      )}
    </AttendeePage>
  );
}
