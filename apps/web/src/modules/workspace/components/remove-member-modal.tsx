import { useState, type FormEvent } from 'react';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type TTeamMember } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { translateErrorKey } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { useRemoveMember, useTeam } from '../hooks/use-workspace.ts';

/** Remove a member after choosing who takes over what they created (events today; more as modules land). */
export function RemoveMemberModal({ member, onClose }: { member: TTeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const active = useTeam({ page: 1, pageSize: MAX_PAGE_SIZE, status: 'active' });
  const [heir, setHeir] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  useModalBackground(true);
  const name = `${member.firstName} ${member.lastName}`.trim();
  const remove = useFormMutation(useRemoveMember(), {
    success: (res) => t('team.removed', { name, count: res.handedOver }),
    onSuccess: onClose,
    // Only the heir is a field here; any other error is the form's.
    onError: (error) => {
      const field = isApiError(error) ? error.errors?.find((x) => x.field === 'handOverTo') : undefined;
      if (field) setFieldError(translateErrorKey(t, field.key));
      return !!field;
    },
  });
  const options = (active.data?.items ?? [])
    .filter((m) => m.id !== member.id)
    .map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() + ` · ${m.email}` }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.setFormError(null);
    if (!heir) return setFieldError(t('validation.required'));
    remove.submit({ userId: member.id, handOverTo: heir });
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('team.removeTitle', { name })}
      formLabel={t('team.removeTitle', { name })}
      onSubmit={submit}
      formError={remove.formError}
      isPending={remove.isPending}
      cancelLabel={t('common.cancel')}
      submitLabel={t('team.remove')}
      submitColor="red"
    >
      <Text size="sm">{t('team.removeBody', { name })}</Text>
      <Select
        label={t('team.handOverTo')}
        placeholder={t('team.handOverPlaceholder')}
        withAsterisk
        searchable
        data={options}
        value={heir}
        onChange={(v) => {
          setHeir(v);
          setFieldError(null);
        }}
        error={fieldError}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </FormModal>
  );
}
