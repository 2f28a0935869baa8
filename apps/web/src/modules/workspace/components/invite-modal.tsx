import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AccessLevel, ZInviteRequest, type TInviteRequest } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { useInvite } from '../hooks/use-workspace.ts';
import { InviteeFields } from './invitee-fields.tsx';
import { emptyAccessValues, MemberAccessFields, toItemAccess, type TAccessValues } from './member-access-fields.tsx';

type TValues = TAccessValues & { email: string; firstName: string; lastName: string };

export function toInviteRequest(v: TValues): TInviteRequest {
  const isUser = Number(v.accessLevel) === AccessLevel.UserAccess;
  return {
    email: v.email.trim(),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    accessLevel: Number(v.accessLevel) as TInviteRequest['accessLevel'],
    ...(isUser && v.roleId ? { roleId: v.roleId } : {}),
    ...(v.regionId ? { regionId: v.regionId } : {}),
    itemAccess: isUser ? toItemAccess(v.eventIds) : [],
  };
}

/** Invite a team member by email; the link in the mail expires (the server sets 7 days). */
export function InviteModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useModalBackground(isOpen);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '', ...emptyAccessValues() },
    validate: schemaValidator<TValues>(ZInviteRequest, t, toInviteRequest),
  });
  const invite = useFormMutation(useInvite(), {
    setFieldError: form.setFieldError,
    success: (inv) => t('team.invited', { email: inv.email }),
    onSuccess: () => close(),
  });

  const close = () => {
    form.reset();
    invite.setFormError(null);
    onClose();
  };

  return (
    <FormModal
      opened={isOpen}
      onClose={close}
      title={t('team.inviteTitle')}
      size="lg"
      formLabel={t('team.inviteTitle')}
      onSubmit={form.onSubmit((values) => invite.submit(toInviteRequest(values)))}
      formError={invite.formError}
      isPending={invite.isPending}
      cancelLabel={t('common.cancel')}
      submitLabel={t('team.sendInvite')}
    >
      <InviteeFields inputProps={(field) => form.getInputProps(field)} />
      <MemberAccessFields form={form} />
    </FormModal>
  );
}
