import { useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';

/**
 * A settings card's form: starts from the saved settings once they load (and counts as clean), validates with the
 * domain schema the server uses, saves, and puts the server's field errors on the fields (anything else in
 * `formError`).
 */
export function useSettingsForm<TSaved, TValues extends Record<string, unknown>, TRequest>(options: {
  saved: TSaved | undefined;
  toValues: (saved?: TSaved) => TValues;
  toRequest: (values: TValues) => TRequest;
  schema: Parameters<typeof schemaValidator>[0];
  save: UseMutationResult<unknown, unknown, TRequest>;
}) {
  const { t } = useTranslation();
  const { saved, toValues, toRequest, save } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TValues>({ mode: 'controlled', initialValues: toValues(), validate: schemaValidator<TValues>(options.schema, t, toRequest) });
  useEffect(() => {
    if (saved) {
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
    }
    // Only when the saved settings change (the form object and the mappers are stable enough).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(toRequest(values), {
      onSuccess: () => toast(t('registration.org.saved'), 'success'),
      onError: (e) => {
        if (!applyServerFieldErrors(e, form.setFieldError, t)) setFormError(errorMessage(e, t));
      },
    });
  });
  return { form, submit, formError };
}
