import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The last row of a check-in dialog's form: the save error, if any, then Cancel and Save (the form's submit). */
export function FormFooter({ error, isSaving, onCancel }: { error: string | null; isSaving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('checkin.org.cancel')}
        </Button>
        <Button type="submit" loading={isSaving}>
          {t('checkin.org.save')}
        </Button>
      </Group>
    </>
  );
}
