import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type TTeamMember } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useRemoveMember, useTeam } from '../hooks/use-workspace.ts';

/** Remove a member after choosing who takes over what they created (events today; more as modules land). */
export function RemoveMemberModal({ member, onClose }: { member: TTeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const active = useTeam({ page: 1, pageSize: MAX_PAGE_SIZE, status: 'active' });
  const remove = useRemoveMember();
  const [heir, setHeir] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  useModalBackground(true);
  const name = `${member.firstName} ${member.lastName}`.trim();
  const options = (active.data?.items ?? [])
    .filter((m) => m.id !== member.id)
    .map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() + ` · ${m.email}` }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!heir) return setFieldError(t('validation.required'));
    remove.mutate(
      { userId: member.id, handOverTo: heir },
      {
        onSuccess: (res) => {
          toast(t('team.removed', { name, count: res.handedOver }), 'success');
          onClose();
        },
        onError: (error) => {
          const field = isApiError(error) ? error.errors?.find((x) => x.field === 'handOverTo') : undefined;
          if (field) setFieldError(translateErrorKey(t, field.key));
          else setFormError(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('team.removeTitle', { name })}>
      <form onSubmit={submit} noValidate aria-label={t('team.removeTitle', { name })}>
        <Stack gap="md">
          <Text size="sm">{t('team.removeBody', { name })}</Text>
          <FormAlert message={formError} />
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
        </Stack>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            {t('team.remove')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
