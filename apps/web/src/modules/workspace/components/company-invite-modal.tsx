import { useState } from 'react';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AccessLevel, ZInviteRequest, type TCompany, type TCompanyRole, type TInviteRequest } from '@pavilion/domain';
import { applyServerFieldErrors, errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useInvite } from '../hooks/use-workspace.ts';

type TValues = { email: string; firstName: string; lastName: string; companyRole: TCompanyRole };

export function toCompanyInvite(companyId: string, v: TValues): TInviteRequest {
  return {
    email: v.email.trim(),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    accessLevel: AccessLevel.UserAccess,
    companyId,
    companyRole: v.companyRole,
  };
}

/**
 * Invite a user of an exhibiting company: its main account (company white label, session user type 1) or one of its
 * team (companyTeam, 3). They sign in at the company landing pages, not the organiser's.
 */
export function CompanyInviteModal({ company, onClose }: { company: TCompany; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite();
  const [formError, setFormError] = useState<string | null>(null);
  useModalBackground(true);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '', companyRole: company.kind === 'serviceProvider' ? 'servicePerson' : 'companyTeam' },
    validate: schemaValidator<TValues>(ZInviteRequest, t, (v) => toCompanyInvite(company.id, v)),
  });
  const title = t('regions.inviteTitle', { name: company.name });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    invite.mutate(toCompanyInvite(company.id, values), {
      onSuccess: (inv) => {
        toast(t('team.invited', { email: inv.email }), 'success');
        onClose();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setFieldError, t)) setFormError(errorMessage(error, t));
      },
    });
  });

  const scope = company.isInternational ? 'international' : 'domestic';
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput type="email" label={t('team.email')} withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('team.firstName')} withAsterisk maxLength={120} {...form.getInputProps('firstName')} />
            <TextInput label={t('team.lastName')} maxLength={120} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Radio.Group label={t('regions.companyRole')} withAsterisk {...form.getInputProps('companyRole')}>
            <Group gap="xl" mt={6}>
              {(company.kind === 'serviceProvider' ? (['serviceProvider', 'servicePerson'] as const) : (['company', 'companyTeam'] as const)).map((role) => (
                <Radio key={role} value={role} label={t(`regions.companyRoles.${role}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {company.kind === 'serviceProvider'
              ? t('regions.serviceInviteHint')
              : t('regions.companyInviteHint', { path: `/${scope}-${form.values.companyRole === 'company' ? 'company' : 'team'}` })}
          </Text>
        </Stack>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t('team.sendInvite')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
