import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AccessLevel, ZInviteRequest, type TInviteRequest } from '@pavilion/domain';
import { applyServerFieldErrors, errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useInvite } from '../hooks/use-workspace.ts';
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
  const invite = useInvite();
  const [formError, setFormError] = useState<string | null>(null);
  useModalBackground(isOpen);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '', ...emptyAccessValues() },
    validate: schemaValidator<TValues>(ZInviteRequest, t, toInviteRequest),
  });

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    invite.mutate(toInviteRequest(values), {
      onSuccess: (inv) => {
        toast(t('team.invited', { email: inv.email }), 'success');
        close();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setFieldError, t)) setFormError(errorMessage(error, t));
      },
    });
  });

  return (
    <Modal opened={isOpen} onClose={close} title={t('team.inviteTitle')} size="lg">
      <form onSubmit={submit} noValidate aria-label={t('team.inviteTitle')}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput type="email" label={t('team.email')} withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('team.firstName')} withAsterisk maxLength={120} {...form.getInputProps('firstName')} />
            <TextInput label={t('team.lastName')} maxLength={120} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <MemberAccessFields form={form} />
        </Stack>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={close}>
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
