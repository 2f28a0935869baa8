import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useCreateEvent } from '../hooks/use-events.ts';
import { EventFormFields, FormActions, toCreateRequest, useEventForm, useServerErrors } from './event-form.tsx';

export function CreateEventModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useEventForm(false);
  const create = useCreateEvent();
  const applyErrors = useServerErrors(form);
  const [formError, setFormError] = useState<string | null>(null);
  useModalBackground(isOpen);

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    create.mutate(toCreateRequest(values), {
      onSuccess: () => {
        toast(t('events.created'), 'success');
        close();
      },
      onError: (error) => {
        if (!applyErrors(error)) setFormError(errorMessage(error, t));
      },
    });
  });

  return (
    <Modal opened={isOpen} onClose={close} title={t('events.createTitle')} size="lg">
      <form onSubmit={submit} noValidate aria-label={t('events.createTitle')}>
        <FormAlert message={formError} />
        <EventFormFields form={form} />
        <FormActions submitLabel={t('events.create')} isPending={create.isPending} onCancel={close} />
      </form>
    </Modal>
  );
}
