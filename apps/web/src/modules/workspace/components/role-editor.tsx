import { useState } from 'react';
import { Button, Drawer, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZRoleRequest, type TRole } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useSaveRole } from '../hooks/use-workspace.ts';
import { RoleTree } from './role-tree.tsx';
import { codesForRequest, selectionFromCodes } from './role-tree-model.ts';

type TValues = { name: string; description: string };

/** Create or edit a role template: name, description and the codes it grants. `role` null = a new role. */
export function RoleEditor({ role, isReadOnly, onClose }: { role: TRole | null; isReadOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Set<string>>(() => selectionFromCodes(role?.codes ?? []));
  const save = useSaveRole();
  useModalBackground(true);
  const toRequest = (v: TValues) => ({ name: v.name, description: v.description, codes: codesForRequest(selected) });
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { name: role?.name ?? '', description: role?.description ?? '' },
    validate: schemaValidator<TValues>(ZRoleRequest, t, toRequest),
  });
  const codesError = form.errors.codes ? t('roles.codesRequired') : null;

  const saveForm = useFormMutation(save, {
    setFieldError: form.setFieldError,
    success: (saved) => t(role ? 'roles.saved' : 'roles.created', { name: saved.name }),
    onSuccess: onClose,
  });
  const submit = form.onSubmit((values) => saveForm.submit({ roleId: role?.id ?? null, body: toRequest(values) }));

  const title = isReadOnly ? t('roles.viewTitle', { name: role?.name ?? '' }) : role ? t('roles.editTitle', { name: role.name }) : t('roles.newTitle');
  return (
    <Drawer opened onClose={onClose} title={title} position="right" size={820} padding="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <FormAlert message={saveForm.formError} />
          <TextInput label={t('roles.name')} withAsterisk maxLength={80} disabled={isReadOnly} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('roles.description')} maxLength={500} autosize minRows={2} maxRows={4} disabled={isReadOnly} {...form.getInputProps('description')} />
          <RoleTree
            selected={selected}
            isReadOnly={isReadOnly}
            error={codesError}
            onChange={(next) => {
              setSelected(next);
              if (form.errors.codes) form.clearFieldError('codes');
            }}
          />
          <Group justify="flex-end" gap="sm" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Button variant="default" onClick={onClose}>
              {isReadOnly ? t('common.close') : t('common.cancel')}
            </Button>
            {!isReadOnly && (
              <Button type="submit" loading={save.isPending}>
                {role ? t('common.save') : t('roles.create')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
