import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TRegistration } from '@pavilion/domain/registration/registration.schemas';
import { errorMessage } from '../../../../app/form-errors.ts';
import { toast } from '../../../../app/toast.ts';
import { FormAlert } from '../../../../ui/form-alert.tsx';
import { organiserRegistrationApi as api } from '../../api/organiser-registration-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { useRegistrationMutation } from '../../hooks/use-organiser-registration.ts';
import { shrinkPhoto } from '../../lib/shrink-photo.ts';

/** The attendee's photo, shown to gate staff with every scan: choose (shrunk in the browser), replace or remove. */
export function PhotoModal({ eventId, registration, onClose }: { eventId: string; registration: TRegistration | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The server's answer to the last change, while the modal shows that same registration; the row's data otherwise.
  const [saved, setSaved] = useState<TRegistration | null>(null);
  const current = saved && saved.id === registration?.id ? saved : registration;
  const [problem, setProblem] = useState<string | null>(null);
  const invalidates = [registrationKeys.registrations(eventId)];
  const upload = useRegistrationMutation(async (file: File) => api.setPhoto(eventId, registration!.id, await shrinkPhoto(file)), invalidates);
  const remove = useRegistrationMutation(() => api.removePhoto(eventId, registration!.id), invalidates);
  const name = registration ? `${registration.firstName} ${registration.lastName}`.trim() : '';
  const busy = upload.isPending || remove.isPending;

  async function choose(file: File | null) {
    if (!file) return;
    setProblem(null);
    try {
      setSaved(await upload.mutateAsync(file));
      toast(t('registration.org.photo.saved'), 'success');
    } catch (err) {
      setProblem(err instanceof Error && err.message === 'unreadable' ? t('registration.org.photo.unreadable') : errorMessage(err, t));
    }
  }
  async function clear() {
    setProblem(null);
    try {
      setSaved(await remove.mutateAsync(undefined));
      toast(t('registration.org.photo.removed'), 'success');
    } catch (err) {
      setProblem(errorMessage(err, t));
    }
  }

  return (
    <Modal
      opened={!!registration}
      onClose={() => {
        setSaved(null);
        setProblem(null);
        onClose();
      }} title={t('registration.org.photo.title', { name })} centered>
      <Stack align="center" gap="md">
        <Avatar src={current?.photoUrl ?? undefined} alt={current?.photoUrl ? t('registration.org.photo.alt', { name }) : ''} size={160} radius={160} data-testid="registration-photo">
          <IconPhoto size={48} aria-hidden />
        </Avatar>
        {!current?.photoUrl && <Text c="dimmed">{t('registration.org.photo.none')}</Text>}
        <Text size="sm" c="dimmed" ta="center">
          {t('registration.org.photo.help')}
        </Text>
        {problem && <FormAlert message={problem} />}
        <Group>
          <FileButton onChange={(f) => void choose(f)} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <Button {...props} leftSection={<IconPhoto size={16} aria-hidden />} loading={upload.isPending} disabled={busy}>
                {current?.photoUrl ? t('registration.org.photo.replace') : t('registration.org.photo.choose')}
              </Button>
            )}
          </FileButton>
          {current?.photoUrl && (
            <Button variant="default" c="red.9" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} disabled={busy} onClick={() => void clear()}>
              {t('registration.org.photo.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
