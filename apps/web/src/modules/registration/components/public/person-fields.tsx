import type { ReactNode } from 'react';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateErrorKey } from '../../../../app/form-errors.ts';
import type { TPersonDraft, TPersonErrors } from '../../lib/checkout.ts';

/** Name and email of a buyer or attendee (autocomplete hints only for the buyer: attendees are other people). */
export function PersonFields({
  value,
  errors,
  onChange,
  idPrefix,
  isOwn = false,
  isEmailRequired = true,
  extra,
}: {
  value: TPersonDraft;
  errors: TPersonErrors;
  onChange: (patch: Partial<TPersonDraft>) => void;
  idPrefix: string;
  isOwn?: boolean;
  isEmailRequired?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const err = (k: keyof TPersonDraft) => (errors[k] ? translateErrorKey(t, errors[k]!) : undefined);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          id={`${idPrefix}-firstName`}
          label={t('registration.public.firstName')}
          withAsterisk
          maxLength={100}
          autoComplete={isOwn ? 'given-name' : 'off'}
          value={value.firstName}
          error={err('firstName')}
          onChange={(e) => onChange({ firstName: e.currentTarget.value })}
        />
        <TextInput
          id={`${idPrefix}-lastName`}
          label={t('registration.public.lastName')}
          maxLength={100}
          autoComplete={isOwn ? 'family-name' : 'off'}
          value={value.lastName}
          error={err('lastName')}
          onChange={(e) => onChange({ lastName: e.currentTarget.value })}
        />
      </SimpleGrid>
      <TextInput
        id={`${idPrefix}-email`}
        label={t('registration.public.email')}
        type="email"
        inputMode="email"
        withAsterisk={isEmailRequired}
        maxLength={254}
        autoComplete={isOwn ? 'email' : 'off'}
        value={value.email}
        error={err('email')}
        onChange={(e) => onChange({ email: e.currentTarget.value })}
      />
      {extra}
    </Stack>
  );
}
