import { useEffect } from 'react';
import { Button, ColorInput, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ZWhiteLabelRequest, type TWhiteLabel, type TWhiteLabelRequest, type TWhiteLabelType } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useSaveWhiteLabel } from '../hooks/use-workspace.ts';
import { LandingPreview } from './landing-preview.tsx';

type TValues = { displayName: string; logoUrl: string; primaryColor: string; faviconUrl: string; customDomain: string; loginTitle: string };

/** The landing page each white-label type leads to (SPEC §2.2). */
export const WHITE_LABEL_LANDING: Record<TWhiteLabelType, string> = {
  company: '/domestic-company',
  companyTeam: '/domestic-team',
  orgTeam: '/region-manager',
};

const toValues = (w: TWhiteLabel | undefined): TValues => ({
  displayName: w?.displayName ?? '',
  logoUrl: w?.logoUrl ?? '',
  primaryColor: w?.primaryColor ?? '#3d46c6',
  faviconUrl: w?.faviconUrl ?? '',
  customDomain: w?.customDomain ?? '',
  loginTitle: w?.loginTitle ?? '',
});

export function toWhiteLabelRequest(v: TValues): TWhiteLabelRequest {
  return {
    displayName: v.displayName.trim(),
    logoUrl: v.logoUrl.trim(),
    primaryColor: v.primaryColor.trim(),
    faviconUrl: v.faviconUrl.trim(),
    customDomain: v.customDomain.trim() === '' ? null : v.customDomain.trim().toLowerCase(),
    loginTitle: v.loginTitle.trim(),
  };
}

export function WhiteLabelForm({ type, saved, isReadOnly }: { type: TWhiteLabelType; saved: TWhiteLabel | undefined; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const save = useSaveWhiteLabel();
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: toValues(saved),
    validate: schemaValidator<TValues>(ZWhiteLabelRequest, t, toWhiteLabelRequest),
  });

  useEffect(() => {
    if (!form.isDirty()) form.setValues(toValues(saved));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  const saveForm = useFormMutation(save, {
    setFieldError: form.setFieldError,
    success: () => t('whiteLabel.saved'),
    onSuccess: (w) => form.resetDirty(toValues(w)),
  });
  const submit = form.onSubmit((values) => saveForm.submit({ type, body: toWhiteLabelRequest(values) }));

  const label = t(`whiteLabel.types.${type}`);
  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate aria-label={t('whiteLabel.formLabel', { type: label })}>
          <fieldset disabled={isReadOnly} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack gap="md">
              <FormAlert message={saveForm.formError} />
              <TextInput label={t('whiteLabel.displayName')} withAsterisk maxLength={120} {...form.getInputProps('displayName')} />
              <TextInput label={t('whiteLabel.loginTitle')} description={t('whiteLabel.loginTitleHint')} maxLength={120} {...form.getInputProps('loginTitle')} />
              <ColorInput
                label={t('whiteLabel.primaryColor')}
                description={t('whiteLabel.primaryColorHint')}
                format="hex"
                swatches={['#3d46c6', '#0b7285', '#2b8a3e', '#c92a2a', '#862e9c', '#e67700', '#212529']}
                withEyeDropper={false}
                {...form.getInputProps('primaryColor')}
              />
              <TextInput label={t('whiteLabel.logoUrl')} placeholder="https://…" maxLength={500} {...form.getInputProps('logoUrl')} />
              <TextInput label={t('whiteLabel.faviconUrl')} placeholder="https://…/favicon.png" maxLength={500} {...form.getInputProps('faviconUrl')} />
              <TextInput
                label={t('whiteLabel.customDomain')}
                description={t('whiteLabel.customDomainHint', { path: WHITE_LABEL_LANDING[type] })}
                placeholder="portal.example.com"
                maxLength={253}
                {...form.getInputProps('customDomain')}
              />
              {!isReadOnly && (
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending}>
                    {t('whiteLabel.save', { type: label })}
                  </Button>
                </Group>
              )}
            </Stack>
          </fieldset>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <LandingPreview look={form.values} path={WHITE_LABEL_LANDING[type]} domain={form.values.customDomain.trim() || null} />
      </Grid.Col>
    </Grid>
  );
}
