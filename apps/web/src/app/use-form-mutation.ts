import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, errorMessage } from './form-errors.ts';
import { toast } from './toast.ts';

/** The part of a TanStack mutation a form submits through (useMutation's result, or a module's own mutation hook). */
export type TSubmittable<TData, TVariables> = {
  mutate: (variables: TVariables, options: { onSuccess: (data: TData) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

export type TFormMutationOptions<TData, TVariables> = {
  /** Where the server's field errors land (a Mantine form's setFieldError); without it, every error is the alert's. */
  setFieldError?: (field: string, message: string) => void;
  /** The success toast's text; none when it answers null or is left out. */
  success?: (data: TData, variables: TVariables) => string | null;
  /** After the toast: close the modal, reset the form, show the result. */
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** True when it dealt with the error itself (an expired link's own screen): then no field errors and no alert. */
  onError?: (error: unknown) => boolean;
  /** A text of its own for some errors (checked before the field errors), or null for the usual handling. */
  errorText?: (error: unknown) => string | null;
};

/**
 * A form's submit → toast → close, or its errors: the server's field errors on their fields, any other error as the
 * form's alert (formError, for FormAlert or FormModal). A new submit clears the alert. `submit(variables, then)` may
 * add a success step of its own, after options.onSuccess, for what only that submit knows (the values it sent).
 */
export function useFormMutation<TData, TVariables>(mutation: TSubmittable<TData, TVariables>, options: TFormMutationOptions<TData, TVariables> = {}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (variables: TVariables, then?: (data: TData) => void) => {
    setFormError(null);
    mutation.mutate(variables, {
      onSuccess: (data) => {
        const message = options.success?.(data, variables);
        if (message) toast(message, 'success');
        options.onSuccess?.(data, variables);
        then?.(data);
      },
      onError: (error) => {
        if (options.onError?.(error)) return;
        const own = options.errorText?.(error);
        if (own) setFormError(own);
        else if (!options.setFieldError || !applyServerFieldErrors(error, options.setFieldError, t)) setFormError(errorMessage(error, t));
      },
    });
  };
  return { submit, formError, setFormError, isPending: mutation.isPending };
}
