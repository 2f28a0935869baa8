import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ZPasswordResetConfirmRequest } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { CenteredLayout } from '../../../ui/centered-layout.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { AcceptInvitation } from '../components/accept-invitation.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useResetPassword } from '../hooks/use-auth-mutations.ts';

type TValues = { password: string; confirmPassword: string };

/**
 * `er/{code}`: choose a new password with the emailed code. With `?invite=1` the code is a team invitation and the
 * page becomes "Join {organisation}" (the one route serves both, as SPEC §2.1 lists only er/{code}).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  if (params.get('invite') === '1') {
    return (
      <CenteredLayout footer={t('app.footer')}>
        <AcceptInvitation token={code} />
      </CenteredLayout>
    );
  }
  return <ResetPasswordForm code={code} />;
}

function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const [isCodeInvalid, setCodeInvalid] = useState(false);
  const toRequest = (v: TValues) => ({ code, password: v.password, confirmPassword: v.confirmPassword });
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    // The code is checked by the server; a malformed one gets the same "invalid link" answer there.
    validate: (values) => {
      const errors = schemaValidator<TValues>(ZPasswordResetConfirmRequest, t, toRequest)(values);
      delete errors.code;
      return errors;
    },
  });
  const reset = useResetPassword();
  const resetForm = useFormMutation(reset, {
    setFieldError: form.setFieldError,
    onError: (error) => {
      const isCodeBad = isApiError(error) && (error.code === 'RESET_CODE_INVALID' || !!error.errors?.some((e) => e.field === 'code'));
      if (isCodeBad) setCodeInvalid(true);
      return isCodeBad;
    },
  });
  usePageTitle(t('auth.resetTitle'));

  const submit = form.onSubmit((values) => resetForm.submit(toRequest(values)));

  return (
    <CenteredLayout footer={t('app.footer')}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={26}>
            {t('auth.resetTitle')}
          </Title>
          {!reset.isSuccess && (
            <Text c="dimmed" size="sm">
              {t('auth.resetSubtitle')}
            </Text>
          )}
        </Stack>
        {reset.isSuccess ? (
          <Stack gap="md">
            <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />} styles={{ message: { color: 'var(--mantine-color-teal-9)' } }}>
              {t('auth.resetDone')}
            </Alert>
            <Button component={Link} to="/" fullWidth>
              {t('auth.goToLogin')}
            </Button>
          </Stack>
        ) : isCodeInvalid ? (
          <Stack gap="md">
            <FormAlert message={t('auth.resetInvalid')} />
            <Button component={Link} to="/?mode=forgot" fullWidth>
              {t('auth.requestNewLink')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('auth.resetTitle')}>
            <Stack gap="md">
              <FormAlert message={resetForm.formError} />
              <PasswordInput
                label={t('auth.newPassword')}
                description={t('auth.passwordHint')}
                autoComplete="new-password"
                withAsterisk
                data-autofocus
                {...form.getInputProps('password')}
              />
              <PasswordInput label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk {...form.getInputProps('confirmPassword')} />
              <Button type="submit" loading={reset.isPending} fullWidth size="md">
                {t('auth.resetSubmit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </CenteredLayout>
  );
}
