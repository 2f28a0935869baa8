import { useEffect } from 'react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation, type TSubmittable } from '../../../app/use-form-mutation.ts';

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
  save: TSubmittable<unknown, TRequest>;
}) {
  const { t } = useTranslation();
  const { saved, toValues, toRequest } = options;
  const form = useForm<TValues>({ mode: 'controlled', initialValues: toValues(), validate: schemaValidator<TValues>(options.schema, t, toRequest) });
  const save = useFormMutation(options.save, { setFieldError: form.setFieldError, success: () => t('registration.org.saved') });
  useEffect(() => {
    if (saved) {
      form.setValues(toValues(saved));
      form.resetDirty(toValues(saved));
    }
    // Only when the saved settings change (the form object and the mappers are stable enough).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const submit = form.onSubmit((values) => save.submit(toRequest(values)));
  return { form, submit, formError: save.formError };
}
