import '../programme-i18n.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64, IMAGE_EXTENSIONS } from '@pavilion/domain';
import { speakerPhotoProblem, type TSpeakerPhotoUpload } from '@pavilion/domain/programme/programme.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A speaker's photo, or their initials; decorative unless `alt` is given (the name is always next to it). */
export function SpeakerAvatar({ name, photoUrl, size = 'md', alt }: { name: string; photoUrl: string | null; size?: number | 'sm' | 'md' | 'lg' | 'xl'; alt?: string }) {
  return (
    // Filled dark blue: the initials keep their contrast on white and on a striped table row alike.
    <Avatar src={photoUrl} alt={alt ?? ''} radius="xl" variant="filled" color="blue.8" size={size} aria-hidden={alt ? undefined : true}>
      {initials(name)}
    </Avatar>
  );
}

class PhotoProblem extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/**
 * Choose and upload a speaker photo (the organiser's or the speaker's own route): SPEC §5 image types, checked here by
 * extension, size and magic bytes before sending (the server checks the same again), the problem said under it.
 * With `remove`, a photo shown can be removed after a confirmation (the speaker's initials show again).
 */
export function SpeakerPhotoField({
  name,
  photoUrl,
  upload,
  remove,
  onUploaded,
}: {
  name: string;
  photoUrl: string | null;
  upload: (body: TSpeakerPhotoUpload) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  onUploaded?: () => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (file: File) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const local = speakerPhotoProblem(file.name, bytes);
      if (local) throw new PhotoProblem(local);
      return upload({ fileName: file.name, dataBase64: encodeBase64(bytes) });
    },
    onSuccess: () => {
      setProblem(null);
      toast(t('programme.photo.uploaded'), 'success');
      onUploaded?.();
    },
    onError: (err) => {
      const key = err instanceof PhotoProblem ? err.key : isApiError(err) ? err.errors?.[0]?.key : undefined;
      setProblem(key && ['fileTypeNotAllowed', 'fileContentMismatch', 'fileTooLarge'].includes(key) ? t(`programme.photo.problems.${key}`) : errorMessage(err, t));
    },
  });
  // Confirmed in place, not in a dialog: the organiser's field sits in a modal (Escape would close both), and the
  // speaker's own page is a phone-first page without the modals host.
  const [isConfirming, setConfirming] = useState(false);
  const confirmId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  // The safe answer takes the focus, so a keyboard user hears the question and does not remove by a stray Enter.
  useEffect(() => {
    if (isConfirming) keepRef.current?.focus();
  }, [isConfirming]);
  const drop = useMutation({
    mutationFn: () => remove!(),
    onSuccess: () => {
      setConfirming(false);
      setProblem(null);
      toast(t('programme.photo.removed'), 'success');
    },
    onError: (err) => {
      setConfirming(false);
      setProblem(errorMessage(err, t));
    },
  });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {t('programme.org.speakerPhoto')}
      </Text>
      <Group gap="md" wrap="nowrap" role="group" aria-labelledby={labelId}>
        <SpeakerAvatar name={name || '?'} photoUrl={photoUrl} size={72} alt={photoUrl ? t('programme.attendee.speakerPhotoAlt', { name }) : undefined} />
        <Stack gap={4}>
          <FileButton onChange={(f) => f && send.mutate(f)} accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}>
            {(props) => (
              <Button {...props} variant="light" size="sm" leftSection={<IconUpload size={16} aria-hidden />} loading={send.isPending} aria-describedby={hintId}>
                {photoUrl ? t('programme.photo.replace') : t('programme.photo.upload')}
              </Button>
            )}
          </FileButton>
          {photoUrl && remove && (
            <Button variant="default" c="red.9" size="sm" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)} aria-expanded={isConfirming}>
              {t('programme.photo.remove')}
            </Button>
          )}
          <Text size="xs" c="dimmed" id={hintId}>
            {t('programme.photo.hint')}
          </Text>
        </Stack>
      </Group>
      {isConfirming && (
        <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={confirmId}>
          <Text size="sm" fw={600} id={confirmId}>
            {t('programme.photo.removeConfirmTitle')}
          </Text>
          <Text size="sm" mb="xs">
            {t('programme.photo.removeConfirmBody', { name })}
          </Text>
          <Group gap="sm">
            <Button variant="default" size="xs" ref={keepRef} onClick={() => setConfirming(false)}>
              {t('programme.photo.removeKeep')}
            </Button>
            <Button color="red.8" size="xs" loading={drop.isPending} onClick={() => drop.mutate()}>
              {t('programme.photo.remove')}
            </Button>
          </Group>
        </Paper>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
