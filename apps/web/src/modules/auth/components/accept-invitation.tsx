import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ZAcceptInvitationRequest } from '@pavilion/domain';
import { httpStatusOf, isApiError } from '../../../app/api-client.ts';
import { errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useAcceptInvitation, useInvitationPreview } from '../hooks/use-invitation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';

type TValues = { password: string; confirmPassword: string };

const isGone = (error: unknown) => httpStatusOf(error) === 410 || (isApiError(error) && error.code === 'INVITATION_INVALID');

/** `er/{token}?invite=1`: "Join {organisation}", choose a password, and be signed in. */
export function AcceptInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const [isInvalid, setInvalid] = useState(token.length < 16);
  const accept = useAcceptInvitation(() => navigate(homeForCurrentUser(), { replace: true }));
  const toRequest = (v: TValues) => ({ token, password: v.password, confirmPassword: v.confirmPassword });
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => {
      const errors = schemaValidator<TValues>(ZAcceptInvitationRequest, t, toRequest)(values);
      delete errors.token;
      return errors;
    },
  });
  const org = preview.data?.organisationName ?? '';
  const title = org ? t('invite.title', { organisation: org }) : t('invite.titleGeneric');
  usePageTitle(title);

  const acceptForm = useFormMutation(accept, {
    setFieldError: form.setFieldError,
    onError: (error) => {
      if (isGone(error)) setInvalid(true);
      return isGone(error);
    },
  });
  const submit = form.onSubmit((values) => acceptForm.submit(toRequest(values)));

  if (isInvalid || (preview.isError && isGone(preview.error))) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          {t('invite.invalidTitle')}
        </Title>
        <FormAlert message={t('invite.invalidBody')} />
        <Button component={Link} to="/" fullWidth>
          {t('auth.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={26}>
          {title}
        </Title>
        {preview.data && (
          <Text c="dimmed" size="sm">
            {t('invite.subtitle', { name: preview.data.firstName, when: formatDateTime(preview.data.expiresAt) })}
          </Text>
        )}
      </Stack>
      {preview.isError && !isGone(preview.error) && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(preview.error, t)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('invite.formLabel')}>
        <Stack gap="md">
          <FormAlert message={acceptForm.formError} />
          {preview.data && <TextInput label={t('auth.email')} value={preview.data.email} readOnly autoComplete="username" />}
          <PasswordInput
            label={t('auth.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordInput label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk {...form.getInputProps('confirmPassword')} />
          <Button type="submit" loading={accept.isPending} disabled={!preview.data} fullWidth size="md">
            {t('invite.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
