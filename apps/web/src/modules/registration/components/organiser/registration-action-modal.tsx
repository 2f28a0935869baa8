import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Modal, NativeSelect, SegmentedControl, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZAccompanyingRequest, ZReplaceUserRequest, type TRegistration } from '@pavilion/domain/registration/registration.schemas';
import { translateErrorKey } from '../../../../app/form-errors.ts';
import { useFormMutation } from '../../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../../ui/form-alert.tsx';
import { organiserRegistrationApi as api } from '../../api/organiser-registration-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { seatKeys, useCategories, useQuotas, useRegistrationMutation } from '../../hooks/use-organiser-registration.ts';

export type TRegistrationAction = 'approved' | 'disapproved' | 'suspended' | 'quota' | 'category' | 'groups' | 'replace' | 'accompanying' | 'payment';

type TPerson = { firstName: string; lastName: string; email: string };
const blank = (): TPerson => ({ firstName: '', lastName: '', email: '' });

/** Errors of a zod result as { 'a.b': key } (the domain schemas answer spec keys as messages). */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; code?: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) {
    const key = i.path.map(String).join('.');
    if (!(key in out)) out[key] = i.code === 'too_small' || i.code === 'invalid_type' ? 'required' : i.message;
  }
  return out;
}

/**
 * One dialog for the registrations table's actions: approval with a reason, assign quota / category / groups (bulk),
 * replace the user, add accompanying persons, change the payment status.
 */
export function RegistrationActionModal({
  eventId,
  action,
  targets,
  onClose,
}: {
  eventId: string;
  action: TRegistrationAction | null;
  targets: TRegistration[];
  onClose: (didChange: boolean) => void;
}) {
  const { t } = useTranslation();
  const quotas = useQuotas(eventId);
  const categories = useCategories(eventId);
  const [reason, setReason] = useState('');
  const [quotaId, setQuotaId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const [person, setPerson] = useState<TPerson>(blank);
  const [persons, setPersons] = useState<TPerson[]>([blank()]);
  const [paymentStatus, setPaymentStatus] = useState<'paid' | 'failed'>('paid');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = targets.map((r) => r.id);
  const first = targets[0];

  useEffect(() => {
    if (!action) return;
    setReason('');
    setQuotaId(first?.quotaId ?? '');
    setCategoryId(first?.categoryId ?? '');
    setGroups(targets.length === 1 ? (first?.groups ?? []) : []);
    setPerson(blank());
    setPersons([blank()]);
    setPaymentStatus('paid');
    setNote('');
    setErrors({});
    runForm.setFormError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action]);

  const run = useRegistrationMutation(async (): Promise<number> => {
    switch (action) {
      case 'approved':
      case 'disapproved':
      case 'suspended':
        return (await api.approval(eventId, { registrationIds: ids, status: action, ...(reason.trim() ? { reason: reason.trim() } : {}) })).updated;
      case 'quota':
        return (await api.assignQuota(eventId, { registrationIds: ids, quotaId: quotaId || null })).updated;
      case 'category':
        return (await api.assignCategory(eventId, { registrationIds: ids, categoryId: categoryId || null })).updated;
      case 'groups':
        return (await api.assignGroups(eventId, { registrationIds: ids, groups })).updated;
      case 'replace':
        await api.replaceUser(eventId, first!.id, { firstName: person.firstName.trim(), lastName: person.lastName.trim(), email: person.email.trim() });
        return 1;
      case 'accompanying':
        return (
          await api.addAccompanying(eventId, first!.id, {
            persons: persons.map((p) => ({ firstName: p.firstName.trim(), lastName: p.lastName.trim(), ...(p.email.trim() ? { email: p.email.trim() } : {}) })),
          })
        ).length;
      case 'payment':
        await api.paymentStatus(eventId, first!.id, { paymentStatus, ...(note.trim() ? { note: note.trim() } : {}) });
        return 1;
      default:
        return 0;
    }
  }, [...seatKeys(eventId), registrationKeys.registrations(eventId)]);
  const runForm = useFormMutation(run, {
    setFieldError: (f, m) => setErrors((prev) => ({ ...prev, [f]: m })),
    success: (count) => t('registration.org.updated', { count }),
    onSuccess: () => onClose(true),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    runForm.setFormError(null);
    let found: Record<string, string> = {};
    if (action === 'replace') found = issues(ZReplaceUserRequest.safeParse({ firstName: person.firstName, lastName: person.lastName, email: person.email.trim() }));
    if (action === 'accompanying') {
      found = issues(
        ZAccompanyingRequest.safeParse({
          persons: persons.map((p) => ({ firstName: p.firstName, lastName: p.lastName, ...(p.email.trim() ? { email: p.email.trim() } : {}) })),
        }),
      );
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    runForm.submit(undefined);
  };

  const err = (key: string) => (errors[key] ? (errors[key]!.includes(' ') ? errors[key] : translateErrorKey(t, errors[key]!)) : undefined);
  const name = first ? `${first.firstName} ${first.lastName}`.trim() : '';
  const titles: Record<TRegistrationAction, string> = {
    approved: t('registration.org.approve'),
    disapproved: t('registration.org.disapprove'),
    suspended: t('registration.org.suspend'),
    quota: t('registration.org.assignQuota'),
    category: t('registration.org.assignCategory'),
    groups: t('registration.org.assignGroups'),
    replace: t('registration.org.replaceUser'),
    accompanying: t('registration.org.addAccompanying'),
    payment: t('registration.org.changePayment'),
  };

  return (
    <Modal opened={!!action} onClose={() => onClose(false)} title={action ? titles[action] : ''} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {targets.length === 1 ? `${name} · ${first?.registrationNo ?? ''}` : t('registration.org.selected', { count: targets.length })}
          </Text>
          <FormAlert message={runForm.formError} />
          {(action === 'approved' || action === 'disapproved' || action === 'suspended') && (
            <Textarea label={t('registration.org.reason')} maxLength={500} autosize minRows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
          )}
          {action === 'quota' && (
            <NativeSelect
              label={t('registration.org.quota')}
              value={quotaId}
              onChange={(e) => setQuotaId(e.currentTarget.value)}
              data={[{ value: '', label: t('registration.org.noQuota') }, ...(quotas.data ?? []).map((q) => ({ value: q.id, label: `${q.name} (${q.available})` }))]}
              error={err('quotaId')}
            />
          )}
          {action === 'category' && (
            <NativeSelect
              label={t('registration.org.category')}
              value={categoryId}
              onChange={(e) => setCategoryId(e.currentTarget.value)}
              data={[{ value: '', label: t('registration.org.noCategory') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
              error={err('categoryId')}
            />
          )}
          {action === 'groups' && (
            <TagsInput label={t('registration.org.groups')} description={t('registration.org.groupsHint')} value={groups} onChange={setGroups} maxTags={20} data-autofocus />
          )}
          {action === 'replace' && (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput label={t('registration.public.firstName')} withAsterisk value={person.firstName} error={err('firstName')} onChange={(e) => setPerson({ ...person, firstName: e.currentTarget.value })} data-autofocus />
                <TextInput label={t('registration.public.lastName')} value={person.lastName} error={err('lastName')} onChange={(e) => setPerson({ ...person, lastName: e.currentTarget.value })} />
              </SimpleGrid>
              <TextInput label={t('registration.public.email')} type="email" withAsterisk value={person.email} error={err('email')} onChange={(e) => setPerson({ ...person, email: e.currentTarget.value })} />
            </>
          )}
          {action === 'accompanying' && (
            <Stack gap="sm">
              {persons.map((p, i) => (
                <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    label={`${t('registration.org.person', { n: i + 1 })}: ${t('registration.public.firstName')}`}
                    withAsterisk
                    value={p.firstName}
                    error={err(`persons.${i}.firstName`)}
                    onChange={(e) => setPersons(persons.map((x, j) => (j === i ? { ...x, firstName: e.currentTarget.value } : x)))}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label={t('registration.public.lastName')}
                    value={p.lastName}
                    onChange={(e) => setPersons(persons.map((x, j) => (j === i ? { ...x, lastName: e.currentTarget.value } : x)))}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label={t('registration.public.email')}
                    type="email"
                    value={p.email}
                    error={err(`persons.${i}.email`)}
                    onChange={(e) => setPersons(persons.map((x, j) => (j === i ? { ...x, email: e.currentTarget.value } : x)))}
                    style={{ flex: 1.3 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    disabled={persons.length === 1}
                    aria-label={t('registration.org.removePerson', { n: i + 1 })}
                    onClick={() => setPersons(persons.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} disabled={persons.length >= 10} onClick={() => setPersons([...persons, blank()])} style={{ alignSelf: 'flex-start' }}>
                {t('registration.org.addPerson')}
              </Button>
            </Stack>
          )}
          {action === 'payment' && (
            <>
              <div>
                <Text size="sm" fw={500} id="payment-status-label" mb={4}>
                  {t('registration.org.paymentStatusNew')}
                </Text>
                <SegmentedControl
                  aria-labelledby="payment-status-label"
                  value={paymentStatus}
                  onChange={(v) => setPaymentStatus(v as 'paid' | 'failed')}
                  data={[
                    { value: 'paid', label: t('registration.org.markPaid') },
                    { value: 'failed', label: t('registration.org.markFailed') },
                  ]}
                />
              </div>
              <Textarea label={t('registration.org.note')} maxLength={500} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('registration.org.cancel')}
            </Button>
            <Button type="submit" loading={run.isPending} color={action === 'disapproved' || action === 'suspended' ? 'red' : undefined}>
              {action ? titles[action] : ''}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
