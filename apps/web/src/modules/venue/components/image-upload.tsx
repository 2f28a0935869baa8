import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, encodeBase64, VENUE_IMAGE_MAX_BYTES } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { venueOrgApi } from '../api/venue-api.ts';

class TooLarge extends Error {}

/**
 * Uploads a banner or welcome image as it is (the server checks its type by name and by its first bytes); the page
 * uses it once saved. Problems are the caller's to show (`onError` gets the text).
 */
export function ImageUpload({ eventId, label, onUploaded, onError, disabled }: { eventId: string; label: string; onUploaded: (imageId: string) => void; onError: (message: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > VENUE_IMAGE_MAX_BYTES) throw new TooLarge();
      return venueOrgApi.uploadImage(eventId, { fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) });
    },
    onSuccess: (image) => {
      onError(null);
      onUploaded(image.imageId);
      toast(t('venue.org.uploaded'), 'success');
    },
    onError: (error) => {
      if (error instanceof TooLarge) onError(translateErrorKey(t, 'fileTooLarge'));
      else if (isApiError(error) && error.errors?.[0]) onError(translateErrorKey(t, error.errors[0].key));
      else onError(errorMessage(error, t));
    },
  });
  return (
    <FileButton onChange={(f) => f && upload.mutate(f)} accept={acceptAttribute('image')} disabled={disabled}>
      {(props) => (
        <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending} disabled={disabled}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
