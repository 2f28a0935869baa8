import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZPasswordResetRequest } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { useForgotPassword } from '../hooks/use-auth-mutations.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';

type TValues = { email: string };

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const toRequest = (v: TValues) => ({ email: v.email.trim() });
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaValidator<TValues>(ZPasswordResetRequest, t, toRequest),
  });
  const forgot = useForgotPassword();
  const forgotForm = useFormMutation(forgot, { setFieldError: form.setFieldError });

  if (forgot.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status" styles={{ message: { color: 'var(--mantine-color-teal-9)' } }}>
        {t('auth.forgotSent')}
      </Alert>
    );
  }

  const submit = form.onSubmit((values) => forgotForm.submit(toRequest(values)));

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.forgotTitle')}>
      <Stack gap="md">
        <FormAlert message={forgotForm.formError} />
        <TextInput label={t('auth.email')} type="email" autoComplete="email" withAsterisk data-autofocus {...form.getInputProps('email')} />
        <Button type="submit" loading={forgot.isPending} fullWidth size="md">
          {t('auth.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
