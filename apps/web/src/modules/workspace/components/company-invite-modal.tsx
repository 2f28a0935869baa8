import { Group, Radio, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AccessLevel, ZInviteRequest, type TCompany, type TCompanyRole, type TInviteRequest } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { useInvite } from '../hooks/use-workspace.ts';
import { InviteeFields } from './invitee-fields.tsx';

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
  useModalBackground(true);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '', companyRole: company.kind === 'serviceProvider' ? 'servicePerson' : 'companyTeam' },
    validate: schemaValidator<TValues>(ZInviteRequest, t, (v) => toCompanyInvite(company.id, v)),
  });
  const title = t('regions.inviteTitle', { name: company.name });
  const invite = useFormMutation(useInvite(), {
    setFieldError: form.setFieldError,
    success: (inv) => t('team.invited', { email: inv.email }),
    onSuccess: onClose,
  });

  const scope = company.isInternational ? 'international' : 'domestic';
  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      formLabel={title}
      onSubmit={form.onSubmit((values) => invite.submit(toCompanyInvite(company.id, values)))}
      formError={invite.formError}
      isPending={invite.isPending}
      cancelLabel={t('common.cancel')}
      submitLabel={t('team.sendInvite')}
    >
      <InviteeFields inputProps={(field) => form.getInputProps(field)} />
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
    </FormModal>
  );
}
