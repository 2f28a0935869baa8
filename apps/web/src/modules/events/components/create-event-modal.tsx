import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { useModalBackground } from '../../../ui/use-modal-background.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useCreateEvent } from '../hooks/use-events.ts';
import { EventFormFields, FormActions, toCreateRequest, useEventForm } from './event-form.tsx';

export function CreateEventModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useEventForm(false);
  const create = useFormMutation(useCreateEvent(), { setFieldError: form.setFieldError, success: () => t('events.created'), onSuccess: () => close() });
  useModalBackground(isOpen);

  const close = () => {
    form.reset();
    create.setFormError(null);
    onClose();
  };

  const submit = form.onSubmit((values) => create.submit(toCreateRequest(values)));

  return (
    <Modal opened={isOpen} onClose={close} title={t('events.createTitle')} size="lg">
      <form onSubmit={submit} noValidate aria-label={t('events.createTitle')}>
        <FormAlert message={create.formError} />
        <EventFormFields form={form} />
        <FormActions submitLabel={t('events.create')} isPending={create.isPending} onCancel={close} />
      </form>
    </Modal>
  );
}
