import { useEffect, useState } from 'react';
import { ActionIcon, Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFormSettingsInput, TServiceForm } from '@pavilion/domain/exhibition/service-forms';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { serviceFormsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

type TParticularDraft = { name: string; unit: string; rate: number | ''; currency: string };
type TDraft = Omit<TFormSettingsInput, 'deadline' | 'particulars' | 'questions'> & { deadline: string; particulars: TParticularDraft[]; questions: { label: string; isRequired: boolean }[] };
const FLAGS = ['needsApproval', 'emailNotifications', 'registerButton', 'allowAsService', 'isSurveyForm', 'showOnlyDocuments'] as const;

const draftOf = (f: TServiceForm): TDraft => ({
  deadline: f.deadline ?? '',
  instructions: f.instructions,
  particulars: f.particulars.map((p) => ({ ...p })),
  questions: f.questions.map((q) => ({ ...q })),
  needsApproval: f.needsApproval,
  emailNotifications: f.emailNotifications,
  registerButton: f.registerButton,
  allowAsService: f.allowAsService,
  isSurveyForm: f.isSurveyForm,
  showOnlyDocuments: f.showOnlyDocuments,
  serviceProviderId: f.serviceProvider?.id ?? null,
});

/** One form's settings for the event (AP-517): deadline in the event's zone, instructions, line items, questions, rules. */
export function FormSettingsModal({ eventId, timeZone, form, onClose }: { eventId: string; timeZone: string; form: TServiceForm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const providers = useQuery({ queryKey: exhibitionKeys.serviceProviders(eventId), queryFn: ({ signal }) => serviceFormsApi.serviceProviders(eventId, signal), enabled: form !== null });
  useEffect(() => {
    if (form) {
      setDraft(draftOf(form));
      setErrors({});
    }
  }, [form]);
  const mutation = useMutation({
    mutationFn: (body: TFormSettingsInput) => serviceFormsApi.saveForm(eventId, form!.formCode, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: exhibitionKeys.serviceForms(eventId) }),
  });
  const submit = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: () => t('exhibition.forms.settings.saved', { form: form?.formName }),
    onSuccess: onClose,
  });
  if (!form || !draft) return null;
  const set = (patch: Partial<TDraft>) => setDraft({ ...draft, ...patch });
  const setParticular = (i: number, patch: Partial<TParticularDraft>) => set({ particulars: draft.particulars.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const setQuestion = (i: number, patch: Partial<{ label: string; isRequired: boolean }>) => set({ questions: draft.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
  const rule = form.stallType === 'shell' ? t('exhibition.forms.list.shell') : form.stallType === 'raw' ? t('exhibition.forms.list.raw') : t('exhibition.forms.list.anyStall');
  const title = t('exhibition.forms.settings.title', { form: form.formName });
  const err = (field: string) => errors[field] || undefined;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      formLabel={title}
      size="xl"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        submit.submit({
          ...draft,
          deadline: draft.deadline || null,
          particulars: draft.particulars.map((p) => ({ ...p, rate: p.rate === '' ? Number.NaN : p.rate })),
        });
      }}
      formError={submit.formError}
      isPending={mutation.isPending}
      submitLabel={t('exhibition.forms.settings.save')}
      cancelLabel={t('common.cancel')}
    >
      <Text size="sm" c="dimmed">
        {form.formDescription} {t('exhibition.forms.settings.catalogue', { rule })}
      </Text>
      <TextInput
        type="datetime-local"
        label={t('exhibition.forms.settings.deadline', { zone: timeZone })}
        description={t('exhibition.forms.settings.deadlineHint')}
        value={draft.deadline}
        onChange={(e) => set({ deadline: e.currentTarget.value })}
        error={err('deadline')}
        data-autofocus
      />
      <Textarea label={t('exhibition.forms.settings.instructions')} autosize minRows={2} maxLength={5000} value={draft.instructions} onChange={(e) => set({ instructions: e.currentTarget.value })} error={err('instructions')} />
      <Fieldset legend={t('exhibition.forms.settings.particulars')}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('exhibition.forms.settings.particularsHint')}
          </Text>
          {draft.particulars.map((p, i) => (
            <Group key={i} align="flex-start" gap="xs" wrap="wrap">
              <TextInput label={t('exhibition.forms.settings.particularName')} value={p.name} onChange={(e) => setParticular(i, { name: e.currentTarget.value })} error={err(`particulars.${i}.name`)} w={{ base: '100%', sm: 200 }} />
              <TextInput label={t('exhibition.forms.settings.unit')} value={p.unit} onChange={(e) => setParticular(i, { unit: e.currentTarget.value })} error={err(`particulars.${i}.unit`)} w={110} />
              <NumberInput label={t('exhibition.forms.settings.rate')} min={0} decimalScale={2} value={p.rate} onChange={(v) => setParticular(i, { rate: typeof v === 'number' ? v : v === '' ? '' : Number(v) })} error={err(`particulars.${i}.rate`)} w={120} />
              <TextInput label={t('exhibition.forms.settings.currency')} maxLength={3} value={p.currency} onChange={(e) => setParticular(i, { currency: e.currentTarget.value.toUpperCase() })} error={err(`particulars.${i}.currency`)} w={90} />
              <ActionIcon variant="subtle" color="red" mt={28} aria-label={t('exhibition.forms.settings.removeParticular', { n: i + 1 })} onClick={() => set({ particulars: draft.particulars.filter((_, j) => j !== i) })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => set({ particulars: [...draft.particulars, { name: '', unit: '', rate: '', currency: draft.particulars[0]?.currency ?? '' }] })}>
              {t('exhibition.forms.settings.addParticular')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <Fieldset legend={t('exhibition.forms.settings.questions')}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('exhibition.forms.settings.questionsHint')}
          </Text>
          {draft.questions.map((q, i) => (
            <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
              <TextInput label={t('exhibition.forms.settings.question', { n: i + 1 })} value={q.label} onChange={(e) => setQuestion(i, { label: e.currentTarget.value })} error={err(`questions.${i}.label`)} style={{ flex: 1 }} />
              <Checkbox label={t('exhibition.forms.settings.required')} checked={q.isRequired} onChange={(e) => setQuestion(i, { isRequired: e.currentTarget.checked })} mb={8} />
              <ActionIcon variant="subtle" color="red" mb={6} aria-label={t('exhibition.forms.settings.removeQuestion', { n: i + 1 })} onClick={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => set({ questions: [...draft.questions, { label: '', isRequired: true }] })}>
              {t('exhibition.forms.settings.addQuestion')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <NativeSelect
        label={t('exhibition.forms.settings.serviceProvider')}
        description={providers.data?.items.length === 0 ? t('exhibition.forms.settings.noServiceProviders') : t('exhibition.forms.settings.serviceProviderHint')}
        data={[{ value: '', label: t('exhibition.forms.settings.noServiceProvider') }, ...(providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        value={draft.serviceProviderId ?? ''}
        onChange={(e) => set({ serviceProviderId: e.currentTarget.value || null })}
        error={err('serviceProviderId')}
      />
      <Stack gap="xs">
        {FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={t(`exhibition.forms.settings.${flag}`)}
            description={flag === 'needsApproval' || flag === 'emailNotifications' ? t(`exhibition.forms.settings.${flag}Hint`) : undefined}
            checked={draft[flag]}
            onChange={(e) => set({ [flag]: e.currentTarget.checked })}
          />
        ))}
      </Stack>
    </FormModal>
  );
}
