import '../organiser-i18n.ts';
import { useState } from 'react';
import { ActionIcon, Button, Grid, Group, MultiSelect, NativeSelect, NumberInput, Paper, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconForms, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FORM_FIELD_TYPES,
  ZRegistrationFormRequest,
  type TFormAnswers,
  type TFormField,
  type TRegistrationForm,
  type TRegistrationFormRequest,
} from '@pavilion/domain/registration/registration.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { toast } from '../../../app/toast.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { confirmDelete } from '../components/organiser/confirm-delete.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { FormFieldsRenderer } from '../components/public/form-fields-renderer.tsx';
import { useForms, useRegistrationMutation, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { CHOICE_TYPES, keyFromLabel, moveField, newField, normaliseFields, removeField, renameKey } from '../lib/form-builder.ts';
import { formPages } from '../lib/form-engine.ts';
import { StatusBadge } from '../components/status-badge.tsx';

/** The builder: questions with types, required flags, pages, options and conditions; a live preview beside it. */
function FormBuilder({ eventId, form, onDone }: { eventId: string; form: TRegistrationForm | null; onDone: () => void }) {
  const { t } = useTranslation();
  const tickets = useTickets(eventId);
  const [name, setName] = useState(form?.name ?? '');
  const [ticketIds, setTicketIds] = useState<string[]>(form?.ticketIds ?? []);
  const [fields, setFields] = useState<TFormField[]>(form?.fields ?? [newField([])]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewAnswers, setPreviewAnswers] = useState<TFormAnswers>({});
  const save = useFormMutation(
    useRegistrationMutation(
      (body: TRegistrationFormRequest) => (form ? api.updateForm(eventId, form.id, body) : api.createForm(eventId, body)),
      [registrationKeys.forms(eventId), registrationKeys.public()],
    ),
    { setFieldError: (f, m) => setErrors((prev) => ({ ...prev, [f]: m })), success: () => t('registration.org.saved'), onSuccess: onDone },
  );

  const patch = (i: number, p: Partial<TFormField>) => setFields((prev) => prev.map((f, j) => (j === i ? { ...f, ...p } : f)));
  const err = (k: string) => (errors[k] ? (errors[k]!.includes(' ') ? errors[k] : translateErrorKey(t, errors[k]!)) : undefined);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.setFormError(null);
    const body = { name: name.trim(), ticketIds, fields: normaliseFields(fields) };
    const parsed = ZRegistrationFormRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[i.path.map(String).join('.')] ??= i.code === 'too_small' || i.code === 'invalid_type' ? 'required' : i.message.includes(' ') ? 'invalid' : i.message;
      setErrors(next);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    save.submit(parsed.data);
  };

  const pages = formPages(fields);
  return (
    <form onSubmit={submit} noValidate>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Paper withBorder shadow="xs" p="md">
              <Stack gap="md">
                <Title order={2} fz="h4">
                  {form ? t('registration.org.editForm') : t('registration.org.newForm')}
                </Title>
                <FormAlert message={save.formError} />
                <TextInput label={t('registration.org.formName')} withAsterisk maxLength={200} value={name} error={err('name')} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
                <MultiSelect
                  label={t('registration.org.formTickets')}
                  description={t('registration.org.formTicketsHint')}
                  data={(tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                  value={ticketIds}
                  onChange={setTicketIds}
                  comboboxProps={{ withinPortal: true }}
                  error={err('ticketIds')}
                />
              </Stack>
            </Paper>
            {fields.map((f, i) => {
              const earlier = fields.slice(0, i);
              const parent = earlier.find((p) => p.key === f.showIf?.fieldKey);
              return (
                <Paper key={i} withBorder shadow="xs" p="md" component="fieldset" style={{ margin: 0 }} aria-label={t('registration.org.fieldN', { n: i + 1 })}>
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={700} size="sm">
                        {t('registration.org.fieldN', { n: i + 1 })}
                      </Text>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon variant="subtle" color="gray" aria-label={`${t('registration.org.moveUp')} ${i + 1}`} disabled={i === 0} onClick={() => setFields(moveField(fields, i, -1))}>
                          <IconArrowUp size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="gray" aria-label={`${t('registration.org.moveDown')} ${i + 1}`} disabled={i === fields.length - 1} onClick={() => setFields(moveField(fields, i, 1))}>
                          <IconArrowDown size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={`${t('registration.org.removeField')} ${i + 1}`} onClick={() => setFields(removeField(fields, i))}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Group>
                    <Group gap="sm" align="flex-start" wrap="wrap">
                      <TextInput
                        label={t('registration.org.fieldLabel')}
                        withAsterisk
                        maxLength={300}
                        value={f.label}
                        error={err(`fields.${i}.label`)}
                        onChange={(e) => {
                          const label = e.currentTarget.value;
                          const taken = fields.filter((_, j) => j !== i).map((x) => x.key);
                          const auto = keyFromLabel(f.label || 'question', taken);
                          setFields((prev) => {
                            const next = f.key === auto ? renameKey(prev, i, keyFromLabel(label || 'question', taken)) : prev;
                            return next.map((x, j) => (j === i ? { ...x, label } : x));
                          });
                        }}
                        style={{ flex: '2 1 220px' }}
                      />
                      <NativeSelect
                        label={t('registration.org.fieldType')}
                        data={FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(`registration.org.types.${type}`) }))}
                        value={f.type}
                        onChange={(e) => patch(i, { type: e.currentTarget.value as TFormField['type'] })}
                        style={{ flex: '1 1 150px' }}
                      />
                    </Group>
                    <Group gap="sm" align="flex-end" wrap="wrap">
                      <TextInput
                        label={t('registration.org.fieldKey')}
                        value={f.key}
                        maxLength={50}
                        error={err(`fields.${i}.key`)}
                        onChange={(e) => setFields(renameKey(fields, i, e.currentTarget.value))}
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                        style={{ flex: '1 1 160px' }}
                      />
                      <NumberInput label={t('registration.org.fieldPage')} min={1} max={20} allowDecimal={false} value={f.page} onChange={(v) => patch(i, { page: Number(v) || 1 })} w={90} />
                      <Switch label={t('registration.org.fieldRequired')} checked={f.required} onChange={(e) => patch(i, { required: e.currentTarget.checked })} mb={8} />
                    </Group>
                    {CHOICE_TYPES.includes(f.type) && (
                      <TagsInput
                        label={t('registration.org.fieldOptions')}
                        description={t('registration.org.fieldOptionsHint')}
                        value={f.options}
                        onChange={(options) => patch(i, { options })}
                        error={err(`fields.${i}.options`)}
                        maxTags={200}
                      />
                    )}
                    {earlier.length > 0 && (
                      <Group gap="sm" align="flex-start" wrap="wrap">
                        <NativeSelect
                          label={t('registration.org.fieldShowIf')}
                          data={[{ value: '', label: t('registration.org.fieldShowIfAlways') }, ...earlier.map((p) => ({ value: p.key, label: p.label || p.key }))]}
                          value={f.showIf?.fieldKey ?? ''}
                          error={err(`fields.${i}.showIf.fieldKey`)}
                          onChange={(e) => patch(i, { showIf: e.currentTarget.value ? { fieldKey: e.currentTarget.value, equals: [] } : null })}
                          style={{ flex: '1 1 180px' }}
                        />
                        {f.showIf && (
                          <TagsInput
                            label={t('registration.org.fieldShowIfEquals')}
                            data={parent?.type === 'checkbox' ? ['true', 'false'] : (parent?.options ?? [])}
                            value={f.showIf.equals}
                            onChange={(equals) => patch(i, { showIf: { fieldKey: f.showIf!.fieldKey, equals } })}
                            style={{ flex: '2 1 220px' }}
                          />
                        )}
                      </Group>
                    )}
                  </Stack>
                </Paper>
              );
            })}
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={fields.length >= 200}
                onClick={() => setFields([...fields, newField(fields.map((x) => x.key), fields[fields.length - 1]?.page ?? 1)])}
              >
                {t('registration.org.addField')}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={onDone}>
                  {t('registration.org.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {t('registration.org.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder shadow="xs" p="md" style={{ position: 'sticky', top: 16 }} aria-label={t('registration.org.preview')} component="section">
            <Title order={2} fz="h5" mb="sm">
              {t('registration.org.preview')}
            </Title>
            <Stack gap="lg">
              {pages.map((p) => (
                <div key={p}>
                  {pages.length > 1 && (
                    <StatusBadge mb="xs">
                      {t('registration.org.fieldPage')} {p}
                    </StatusBadge>
                  )}
                  <FormFieldsRenderer
                    fields={normaliseFields(fields).filter((x) => x.label)}
                    answers={previewAnswers}
                    errors={{}}
                    page={p}
                    idPrefix="preview"
                    onChange={(key, value) => setPreviewAnswers((a) => ({ ...a, [key]: value }))}
                  />
                </div>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** /app/registration/forms: registration forms (AP-72), per ticket or as the default, built with FormBuilder. */
export function OrgFormsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const forms = useForms(eventId);
  const tickets = useTickets(eventId);
  const [editing, setEditing] = useState<{ form: TRegistrationForm | null } | null>(null);
  const remove = useRegistrationMutation((id: string) => api.deleteForm(eventId, id), [registrationKeys.forms(eventId), registrationKeys.public()]);
  usePageTitle(t('registration.org.formsTitle'));
  const ticketName = (id: string) => tickets.data?.find((x) => x.id === id)?.name ?? id;

  if (editing) return <FormBuilder eventId={eventId} form={editing.form} onDone={() => setEditing(null)} />;

  const newButton = (
    <Can rule="AP-73">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ form: null })}>
        {t('registration.org.newForm')}
      </Button>
    </Can>
  );
  return (
    <Stack gap="lg">
      {forms.data && forms.data.length > 0 && <Group justify="flex-end">{newButton}</Group>}
      {forms.isPending && <ListLoading />}
      {forms.isError && <ListError error={forms.error} onRetry={() => void forms.refetch()} />}
      {forms.data?.length === 0 && <ListEmpty icon={<IconForms size={32} />} title={t('registration.org.formsEmpty')} body={t('registration.org.formsEmptyBody')} action={newButton} />}
      {forms.data?.map((f) => (
        <Paper key={f.id} withBorder shadow="xs" p="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={700}>{f.name}</Text>
                <StatusBadge color="gray">
                  {t('registration.org.fieldsCount', { count: f.fields.length })}
                </StatusBadge>
                {formPages(f.fields).length > 1 && <StatusBadge>{`${formPages(f.fields).length} ${t('registration.org.fieldPage').toLowerCase()}s`}</StatusBadge>}
              </Group>
              <Text size="sm" c="dimmed">
                {f.ticketIds.length ? f.ticketIds.map(ticketName).join(', ') : t('registration.org.defaultForm')}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Can rule="AP-74">
                <ActionIcon variant="subtle" aria-label={`${t('registration.org.edit')} ${f.name}`} onClick={() => setEditing({ form: f })}>
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Can>
              <Can rule="AP-75">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('registration.org.delete')} ${f.name}`}
                  onClick={() => confirmDelete(t, f.name, () => remove.mutate(f.id, { onError: (e) => toast(errorMessage(e, t), 'error') }))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Can>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
