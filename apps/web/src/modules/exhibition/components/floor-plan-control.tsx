import { useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, encodeBase64 } from '@pavilion/domain';
import { HALL_PLAN_IMAGE_MAX_BYTES, type THallPlanImage } from '@pavilion/domain/exhibition/hall-plans';
import { Can } from '../../../app/access-gate.tsx';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { hallPlanOrgApi } from '../api/hall-plan-api.ts';
import { confirmDelete } from './confirm-delete.ts';

class TooLarge extends Error {}
const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The current hall's floor-plan image: upload or replace it (AP-537), remove it; problems shown under the buttons. */
export function FloorPlanControl({ eventId, hall, image }: { eventId: string; hall: string; image: THallPlanImage | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: exhibitionKeys.hallPlanImages(eventId) });
    void qc.invalidateQueries({ queryKey: exhibitionKeys.hallPlan(eventId) });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > HALL_PLAN_IMAGE_MAX_BYTES) throw new TooLarge();
      return hallPlanOrgApi.upload(eventId, { hall, fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) });
    },
    onSuccess: () => {
      setProblem(null);
      toast(t('exhibition.plan.uploaded', { hall }), 'success');
      refresh();
    },
    onError: (error) => {
      if (error instanceof TooLarge) setProblem(translateErrorKey(t, 'fileTooLarge'));
      else if (isApiError(error) && error.errors?.[0]) setProblem(translateErrorKey(t, error.errors[0].key));
      else setProblem(errorMessage(error, t));
    },
  });
  const remove = useMutation({
    mutationFn: () => hallPlanOrgApi.remove(eventId, hall),
    onSuccess: () => {
      toast(t('exhibition.plan.removed', { hall }), 'success');
      refresh();
    },
    onError: (error) => toast(errorMessage(error, t), 'error'),
  });
  return (
    <Stack gap={4} component="section" aria-label={t('exhibition.plan.floorPlan')}>
      <Text size="sm" c="dimmed">
        {image ? t('exhibition.plan.current', { fileName: image.fileName, size: sizeOf(image.byteSize) }) : t('exhibition.plan.noFloorPlan')}
      </Text>
      <Can rule="AP-537">
        <Group gap="sm">
          <FileButton onChange={(f) => f && upload.mutate(f)} accept={acceptAttribute('image')}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={upload.isPending} aria-describedby="floor-plan-hint">
                {image ? t('exhibition.plan.replace') : t('exhibition.plan.upload')}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button
              variant="default"
              c="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              onClick={() => confirmDelete(t, { title: t('exhibition.plan.removeTitle', { hall }), body: t('exhibition.plan.removeBody'), confirm: t('exhibition.plan.remove'), onConfirm: () => remove.mutate() })}
            >
              {t('exhibition.plan.remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" id="floor-plan-hint">
          {t('exhibition.plan.floorPlanHint', { hall })}
        </Text>
      </Can>
      {problem && (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
