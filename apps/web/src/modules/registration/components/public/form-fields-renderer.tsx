import { lazy, Suspense } from 'react';
import { Checkbox, NativeSelect, Radio, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFormAnswers, TFormField } from '@pavilion/domain/registration/registration.schemas';
import { translateErrorKey } from '../../../../app/form-errors.ts';
import { visibleFields, type TAnswer, type TAnswerErrors } from '../../lib/form-engine.ts';

const MultiSelectField = lazy(() => import('./multi-select-field.tsx').then((m) => ({ default: m.MultiSelectField })));
const CountrySelect = lazy(() => import('./country-select.tsx').then((m) => ({ default: m.CountrySelect })));

/**
 * Renders the visible questions of one page of a registration form. Conditional questions appear and disappear
 * as answers change; ids are prefixed so several attendees' forms can share a page.
 */
export function FormFieldsRenderer({
  fields,
  answers,
  errors,
  page,
  idPrefix,
  onChange,
}: {
  fields: readonly TFormField[];
  answers: TFormAnswers;
  errors: TAnswerErrors;
  page?: number;
  idPrefix: string;
  onChange: (key: string, value: TAnswer) => void;
}) {
  const { t } = useTranslation();
  const shown = visibleFields(fields, answers, page);
  if (shown.length === 0) return null;
  return (
    <Stack gap="md">
      {shown.map((f) => {
        const id = `${idPrefix}-${f.key}`;
        const error = errors[f.key] ? translateErrorKey(t, errors[f.key]!) : undefined;
        const common = { id, label: f.label, withAsterisk: f.required, error };
        const text = typeof answers[f.key] === 'string' ? (answers[f.key] as string) : '';
        switch (f.type) {
          case 'textarea':
            return <Textarea key={f.key} {...common} autosize minRows={3} maxLength={f.maxLength} value={text} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
          case 'email':
            return <TextInput key={f.key} {...common} type="email" autoComplete="email" maxLength={f.maxLength} value={text} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
          case 'phone':
            return <TextInput key={f.key} {...common} type="tel" inputMode="tel" autoComplete="tel" maxLength={32} value={text} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
          case 'number':
            return <TextInput key={f.key} {...common} inputMode="decimal" value={text} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
          case 'date':
            return <TextInput key={f.key} {...common} type="date" value={text} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
          case 'select':
            return (
              <NativeSelect
                key={f.key}
                {...common}
                data={[{ value: '', label: t('registration.public.choose') }, ...f.options.map((o) => ({ value: o, label: o }))]}
                value={text}
                onChange={(e) => onChange(f.key, e.currentTarget.value)}
              />
            );
          case 'radio':
            return (
              <Radio.Group key={f.key} {...common} value={text} onChange={(v) => onChange(f.key, v)}>
                <Stack gap={8} mt={6}>
                  {f.options.map((o) => (
                    <Radio key={o} value={o} label={o} />
                  ))}
                </Stack>
              </Radio.Group>
            );
          case 'multiselect':
            return (
              <Suspense key={f.key} fallback={<Skeleton h={60} />}>
                <MultiSelectField {...common} data={f.options} value={Array.isArray(answers[f.key]) ? (answers[f.key] as string[]) : []} onChange={(v) => onChange(f.key, v)} />
              </Suspense>
            );
          case 'checkbox':
            return (
              <Checkbox
                key={f.key}
                id={id}
                label={f.label}
                required={f.required}
                error={error}
                checked={answers[f.key] === true}
                onChange={(e) => onChange(f.key, e.currentTarget.checked)}
              />
            );
          case 'country':
            return (
              <Suspense key={f.key} fallback={<Skeleton h={60} />}>
                <CountrySelect {...common} value={text || null} onChange={(v) => onChange(f.key, v ?? '')} />
              </Suspense>
            );
          default:
            return <TextInput key={f.key} {...common} maxLength={f.maxLength} value={text} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
        }
      })}
    </Stack>
  );
}
