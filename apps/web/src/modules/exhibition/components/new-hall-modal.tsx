import { useState } from 'react';
import { Button, FileInput, TextInput } from '@mantine/core';
import { IconPhotoUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, encodeBase64 } from '@pavilion/domain';
import { HALL_PLAN_IMAGE_MAX_BYTES } from '@pavilion/domain/exhibition/hall-plans';
import { Can } from '../../../app/access-gate.tsx';
import { translateErrorKey } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { hallPlanOrgApi } from '../api/hall-plan-api.ts';

/**
 * "New hall from a floor plan" (AP-537): a hall is made by its floor-plan image alone, before any booth; booths are
 * then placed on it. The server checks the image as for any hall (SPEC §5 types, magic bytes, ≤ 5 MB).
 */
export function NewHallButton({ eventId, halls, onCreated }: { eventId: string; halls: string[]; onCreated: (hall: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setOpen(false);
    setName('');
    setFile(null);
    setErrors({});
  };
  const mutation = useMutation({
    mutationFn: async (v: { hall: string; file: File }) => hallPlanOrgApi.upload(eventId, { hall: v.hall, fileName: v.file.name, dataBase64: encodeBase64(new Uint8Array(await v.file.arrayBuffer())) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: exhibitionKeys.hallPlanImages(eventId) });
      void qc.invalidateQueries({ queryKey: exhibitionKeys.hallPlan(eventId) });
    },
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field === 'dataBase64' ? 'fileName' : field]: message })),
    success: (_d, v) => t('exhibition.plan.hallCreated', { hall: v.hall }),
    onSuccess: (_d, v) => {
      onCreated(v.hall);
      close();
    },
  });
  return (
    <Can rule="AP-537">
      <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('exhibition.plan.newHall')}
      </Button>
      <FormModal
        opened={isOpen}
        onClose={close}
        title={t('exhibition.plan.newHallTitle')}
        formLabel={t('exhibition.plan.newHallTitle')}
        formError={form.formError}
        isPending={form.isPending}
        submitLabel={t('exhibition.plan.newHallSubmit')}
        cancelLabel={t('common.cancel')}
        onSubmit={(e) => {
          e.preventDefault();
          const hall = name.trim();
          const problems: Record<string, string> = {};
          if (!hall) problems.hall = t('exhibition.plan.hallRequired');
          else if (halls.some((h) => h.toLowerCase() === hall.toLowerCase())) problems.hall = t('exhibition.plan.hallExists', { hall });
          if (!file) problems.fileName = t('exhibition.plan.imageRequired');
          else if (file.size > HALL_PLAN_IMAGE_MAX_BYTES) problems.fileName = translateErrorKey(t, 'fileTooLarge');
          setErrors(problems);
          if (Object.keys(problems).length === 0 && file) form.submit({ hall, file });
        }}
      >
        <TextInput label={t('exhibition.booths.hall')} required maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.hall} data-autofocus />
        <FileInput
          label={t('exhibition.plan.floorPlan')}
          description={t('exhibition.plan.newHallHint')}
          required
          accept={acceptAttribute('image')}
          leftSection={<IconPhotoUp size={16} aria-hidden />}
          value={file}
          onChange={setFile}
          error={errors.fileName}
          clearable
        />
      </FormModal>
    </Can>
  );
}
