import '../ebadge-i18n.ts';
import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMyEbadge } from '@pavilion/domain/ebadge/ebadge.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { shrinkPhoto } from '../../registration/index.ts';
import { ebadgeApi } from '../api/ebadge-api.ts';
import { ebadgeKeys } from '../api/ebadge-keys.ts';

/** The attendee's own photo on one registration: add (shrunk to a 480 px JPEG in the browser), change or remove. */
export function OwnPhoto({ badge }: { badge: TMyEbadge }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const done = (message: string) => {
    setProblem(null);
    toast(message, 'success');
    return qc.invalidateQueries({ queryKey: ebadgeKeys.mine() });
  };
  const fail = (err: unknown) => setProblem(err instanceof Error && err.message === 'unreadable' ? t('ebadge.mine.photo.unreadable') : errorMessage(err, t));
  const upload = useMutation({ mutationFn: async (file: File) => ebadgeApi.setOwnPhoto(badge.eventUserId, await shrinkPhoto(file)), onSuccess: () => done(t('ebadge.mine.photo.saved')), onError: fail });
  const remove = useMutation({ mutationFn: () => ebadgeApi.removeOwnPhoto(badge.eventUserId), onSuccess: () => done(t('ebadge.mine.photo.removed')), onError: fail });
  const busy = upload.isPending || remove.isPending;

  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={badge.photoUrl ?? undefined} alt={badge.photoUrl ? t('ebadge.mine.photo.alt', { event: badge.eventName }) : ''} size={56} radius={56} data-testid={`own-photo-${badge.eventUserId}`}>
          <IconUser size={28} aria-hidden />
        </Avatar>
        <Text size="sm" c="dimmed">
          {t('ebadge.mine.photo.help')}
        </Text>
      </Group>
      <Group gap="xs">
        <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/jpeg,image/png,image/webp">
          {(props) => (
            <Button {...props} size="sm" variant="light" leftSection={<IconPhoto size={16} aria-hidden />} loading={upload.isPending} disabled={busy} aria-label={`${badge.photoUrl ? t('ebadge.mine.photo.change') : t('ebadge.mine.photo.add')}: ${badge.eventName}`}>
              {badge.photoUrl ? t('ebadge.mine.photo.change') : t('ebadge.mine.photo.add')}
            </Button>
          )}
        </FileButton>
        {badge.photoUrl && (
          <Button size="sm" variant="default" c="red.9" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} disabled={busy} onClick={() => remove.mutate()} aria-label={`${t('ebadge.mine.photo.remove')}: ${badge.eventName}`}>
            {t('ebadge.mine.photo.remove')}
          </Button>
        )}
      </Group>
      {problem && <FormAlert message={problem} />}
    </Stack>
  );
}
