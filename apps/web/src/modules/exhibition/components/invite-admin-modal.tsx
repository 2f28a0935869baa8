import { useEffect, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TAdminInvitationInput } from '@pavilion/domain/exhibition/service-forms';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { serviceFormsApi } from '../api/exhibition-api.ts';

/** Invite the company's admin (AP-484): a one-time sign-in link by mail to their stand area. */
export function InviteAdminModal({ eventId, company, onClose }: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (company) {
      setEmail(company.contactEmail);
      setFirstName('');
      setErrors({});
    }
  }, [company]);
  const mutation = useMutation({ mutationFn: (body: TAdminInvitationInput) => serviceFormsApi.inviteAdmin(eventId, company!.id, body) });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: (r) => t('exhibition.forms.invite.sent', { email: r.email }),
    onSuccess: onClose,
  });
  const title = t('exhibition.forms.invite.title', { company: company?.name ?? '' });
  return (
    <FormModal
      opened={company !== null}
      onClose={onClose}
      title={title}
      formLabel={title}
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        form.submit({ email, firstName });
      }}
      formError={form.formError}
      isPending={mutation.isPending}
      submitLabel={t('exhibition.forms.invite.submit')}
      cancelLabel={t('common.cancel')}
    >
      <Text size="sm" c="dimmed">
        {t('exhibition.forms.invite.body')}
      </Text>
      <TextInput type="email" label={t('exhibition.forms.invite.email')} required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email || undefined} data-autofocus />
      <TextInput label={t('exhibition.forms.invite.firstName')} required maxLength={80} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} error={errors.firstName || undefined} />
    </FormModal>
  );
}
