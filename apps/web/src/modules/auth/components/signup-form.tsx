import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZSignupRequest, type TAuthRecord } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { useSignup } from '../hooks/use-auth-mutations.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';

type TValues = {
  firstName: string;
  lastName: string;
  email: string;
  contactNo: string;
  organisationName: string;
  password: string;
  confirmPassword: string;
};

const toRequest = (v: TValues) => ({
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  email: v.email.trim(),
  ...(v.contactNo.trim() ? { contactNo: v.contactNo.trim() } : {}),
  organisationName: v.organisationName.trim(),
  password: v.password,
  confirmPassword: v.confirmPassword,
});

export function SignupForm({ onSuccess }: { onSuccess: (record: TAuthRecord) => void }) {
  const { t } = useTranslation();
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', contactNo: '', organisationName: '', password: '', confirmPassword: '' },
    validate: schemaValidator<TValues>(ZSignupRequest, t, toRequest),
  });
  const signupForm = useFormMutation(useSignup(onSuccess), { setFieldError: form.setFieldError });
  const submit = form.onSubmit((values) => signupForm.submit(toRequest(values)));

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.signupTitle')}>
      <Stack gap="md">
        <FormAlert message={signupForm.formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('auth.firstName')} autoComplete="given-name" withAsterisk data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label={t('auth.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={t('auth.email')} type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label={t('auth.contactNo')} type="tel" autoComplete="tel" {...form.getInputProps('contactNo')} />
        <TextInput label={t('auth.organisationName')} autoComplete="organization" withAsterisk {...form.getInputProps('organisationName')} />
        <PasswordInput
          label={t('auth.password')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk {...form.getInputProps('confirmPassword')} />
        <Button type="submit" loading={signupForm.isPending} fullWidth size="md">
          {t('auth.signUp')}
        </Button>
      </Stack>
    </form>
  );
}
