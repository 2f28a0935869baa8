import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AccessLevel, ZMemberUpdateRequest, type TMemberUpdateRequest, type TTeamMember } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useUpdateMember } from '../hooks/use-workspace.ts';
import { MemberAccessFields, toItemAccess, type TAccessValues } from './member-access-fields.tsx';

export function toMemberUpdate(v: TAccessValues): TMemberUpdateRequest {
  const isUser = Number(v.accessLevel) === AccessLevel.UserAccess;
  return {
    accessLevel: Number(v.accessLevel) as TMemberUpdateRequest['accessLevel'],
    roleId: isUser ? v.roleId : null,
    regionId: v.regionId,
    itemAccess: isUser ? toItemAccess(v.eventIds) : [],
  };
}

/** Edit a member's access: level, role, region and item-level access ("only these events"). */
export function MemberDrawer({ member, onClose }: { member: TTeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  useModalBackground(true);
  const form = useForm<TAccessValues>({
    mode: 'controlled',
    initialValues: {
      accessLevel: String(member.accessLevel),
      roleId: member.roleId,
      regionId: member.regionId,
      eventIds: member.itemAccess.filter((i) => i.itemType === 'event').map((i) => i.itemId),
    },
    validate: (values) => {
      const errors = schemaValidator<TAccessValues>(ZMemberUpdateRequest, t, toMemberUpdate)(values);
      if (Number(values.accessLevel) === AccessLevel.UserAccess && !values.roleId) errors.roleId = t('validation.required');
      return errors;
    },
  });
  const name = `${member.firstName} ${member.lastName}`.trim();

  const updateForm = useFormMutation(update, { setFieldError: form.setFieldError, success: () => t('team.updated', { name }), onSuccess: onClose });
  const submit = form.onSubmit((values) => updateForm.submit({ userId: member.id, body: toMemberUpdate(values) }));

  return (
    <Drawer opened onClose={onClose} title={t('team.editTitle', { name })} position="right" size="md" padding="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={submit} noValidate aria-label={t('team.editTitle', { name })}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
          <FormAlert message={updateForm.formError} />
          <MemberAccessFields form={form} />
        </Stack>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Drawer>
  );
}
