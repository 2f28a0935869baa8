import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack, type MantineColor, type MantineSize } from '@mantine/core';
import { FormAlert } from './form-alert.tsx';

/**
 * A modal that is one form: its alert (formError) above the fields, then Cancel and the submit button, which spins
 * while the request runs. With useFormMutation (app/use-form-mutation.ts) for submit → toast → close / field errors.
 */
export function FormModal(props: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: MantineSize | (string & {}) | number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  isPending: boolean;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  /** The form's accessible name, when the modal's title should also name the form. */
  formLabel?: string;
  submitColor?: MantineColor;
  children: ReactNode;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size}>
      <form onSubmit={props.onSubmit} noValidate aria-label={props.formLabel}>
        <Stack gap="md">
          <FormAlert message={props.formError} />
          {props.children}
        </Stack>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {props.cancelLabel}
          </Button>
          <Button type="submit" loading={props.isPending} color={props.submitColor}>
            {props.submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
