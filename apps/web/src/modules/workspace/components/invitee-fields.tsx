import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Who is invited (a team member or a company's user): email, first and last name, bound to the invite form. */
export function InviteeFields({ inputProps }: { inputProps: (field: 'email' | 'firstName' | 'lastName') => object }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput type="email" label={t('team.email')} withAsterisk autoComplete="off" data-autofocus {...inputProps('email')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={t('team.firstName')} withAsterisk maxLength={120} {...inputProps('firstName')} />
        <TextInput label={t('team.lastName')} maxLength={120} {...inputProps('lastName')} />
      </SimpleGrid>
    </>
  );
}
