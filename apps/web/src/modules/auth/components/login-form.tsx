import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZLoginRequest, type TAuthRecord } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { useLogin } from '../hooks/use-auth-mutations.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';

type TValues = { identifier: string; password: string };

/** Identifier (email or mobile) and password; with `eventId` it is the event login of `ei/{eventId}`. */
export function LoginForm({
  eventId,
  identifierLabel,
  onSuccess,
}: {
  eventId?: string;
  identifierLabel?: string;
  onSuccess: (record: TAuthRecord) => void;
}) {
  const { t } = useTranslation();
  const toRequest = (v: TValues) => ({ identifier: v.identifier.trim(), password: v.password, ...(eventId ? { eventId } : {}) });
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { identifier: '', password: '' },
    validate: schemaValidator<TValues>(ZLoginRequest, t, toRequest),
  });
  const login = useFormMutation(useLogin(onSuccess), {
    setFieldError: form.setFieldError,
    errorText: (error) => {
      if (isApiError(error) && error.code === 'INVALID_CREDENTIALS') return t('auth.invalidCredentials');
      if (isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS') return t('auth.tooManyAttempts');
      return null;
    },
  });
  const submit = form.onSubmit((values) => login.submit(toRequest(values)));

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.signIn')}>
      <Stack gap="md">
        <FormAlert message={login.formError} />
        <TextInput
          label={identifierLabel ?? t('auth.identifier')}
          autoComplete="username"
          withAsterisk
          data-autofocus
          {...form.getInputProps('identifier')}
        />
        <PasswordInput label={t('auth.password')} autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
        <Button type="submit" loading={login.isPending} fullWidth size="md">
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
