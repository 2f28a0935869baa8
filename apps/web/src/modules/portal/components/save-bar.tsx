import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';

/** The editors' footer: the save's error, Save and Undo (only with changes), and a note while unsaved. */
export function SaveBar({ save, isDirty, canEdit, onUndo }: { save: { mutate: () => void; isPending: boolean; isError: boolean; error: unknown }; isDirty: boolean; canEdit: boolean; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {save.isError && <Alert color="red">{errorMessage(save.error, t)}</Alert>}
      {canEdit && (
        <Group style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', padding: '8px 0', zIndex: 3 }}>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!isDirty}>
            {t('portal.org.save')}
          </Button>
          <Button variant="default" onClick={onUndo} disabled={!isDirty}>
            {t('portal.org.reset')}
          </Button>
          {isDirty && (
            <Text size="sm" c="gray.7">
              {t('portal.org.unsaved')}
            </Text>
          )}
        </Group>
      )}
    </>
  );
}
