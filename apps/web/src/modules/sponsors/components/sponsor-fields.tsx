import '../sponsors-i18n.ts';
import { useState } from 'react';
import { Button, FileButton, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain';
import { SPONSOR_DESCRIPTION_MAX, SPONSOR_LOGO_EXTENSIONS, SPONSOR_LOGO_MAX_BYTES, type TSponsorLogoUpload } from '@pavilion/domain/sponsors/sponsors.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { SponsorLogo } from './sponsors-tab.tsx';

class LogoTooLarge extends Error {}

/**
 * A sponsor's logo: preview, upload (checked here for size, by the server for its bytes), replace and remove. The
 * organiser's form and the contact's My sponsorship each pass their own upload route.
 */
export function LogoField({ upload: send, name, logoUrl, error, onChange }: { upload: (body: TSponsorLogoUpload) => Promise<{ logoId: string; url: string }>; name: string; logoUrl: string | null; error?: string; onChange: (logo: { logoId: string; url: string } | null) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > SPONSOR_LOGO_MAX_BYTES) throw new LogoTooLarge();
      return send({ fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) });
    },
    onSuccess: (logo) => {
      setProblem(null);
      onChange(logo);
      toast(t('sponsors.org.logoUploaded'), 'success');
    },
    onError: (err) => {
      if (err instanceof LogoTooLarge) setProblem(translateErrorKey(t, 'fileTooLarge'));
      else if (isApiError(err) && err.errors?.[0]) setProblem(translateErrorKey(t, err.errors[0].key));
      else setProblem(errorMessage(err, t));
    },
  });
  const shown = problem ?? error ?? null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="sponsor-logo-label">
        {t('sponsors.org.logo')}
      </Text>
      <Group gap="md" wrap="nowrap" aria-labelledby="sponsor-logo-label" role="group">
        <SponsorLogo name={name || '?'} alt={t('sponsors.org.logoPreview')} url={logoUrl} size={72} />
        <Stack gap={6}>
          <FileButton onChange={(f) => f && upload.mutate(f)} accept={SPONSOR_LOGO_EXTENSIONS.map((e) => `.${e}`).join(',')}>
            {(props) => (
              <Button {...props} variant="light" size="sm" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
                {logoUrl ? t('sponsors.org.replaceLogo') : t('sponsors.org.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {logoUrl && (
            <Button variant="subtle" size="xs" color="gray" c="gray.8" onClick={() => onChange(null)}>
              {t('sponsors.org.removeLogo')}
            </Button>
          )}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {t('sponsors.org.logoHint')}
      </Text>
      {shown && (
        <Text size="sm" c="red.8" role="alert">
          {shown}
        </Text>
      )}
    </Stack>
  );
}

type TDetails = { logoId: string | null; website: string; description: string };

/**
 * What both the organiser and the sponsor's contact edit: logo, website and description, under the same rules (the
 * server checks them again). `upload` is the caller's own logo route.
 */
export function SponsorDetailsFields<T extends TDetails>({
  upload,
  name,
  values,
  setValues,
  logoUrl,
  setLogoUrl,
  errors,
}: {
  upload: (body: TSponsorLogoUpload) => Promise<{ logoId: string; url: string }>;
  name: string;
  values: T;
  setValues: (update: (prev: T) => T) => void;
  logoUrl: string | null;
  setLogoUrl: (url: string | null) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <LogoField
        upload={upload}
        name={name}
        logoUrl={logoUrl}
        error={errors.logoId}
        onChange={(logo) => {
          setValues((p) => ({ ...p, logoId: logo?.logoId ?? null }));
          setLogoUrl(logo?.url ?? null);
        }}
      />
      <TextInput
        label={t('sponsors.org.website')}
        description={t('sponsors.org.websiteHint')}
        type="url"
        placeholder="https://"
        maxLength={300}
        value={values.website}
        onChange={(e) => {
          const website = e.currentTarget.value;
          setValues((p) => ({ ...p, website }));
        }}
        error={errors.website}
      />
      <Textarea
        label={t('sponsors.org.description')}
        description={t('sponsors.org.descriptionHint')}
        autosize
        minRows={3}
        maxLength={SPONSOR_DESCRIPTION_MAX}
        value={values.description}
        onChange={(e) => {
          const description = e.currentTarget.value;
          setValues((p) => ({ ...p, description }));
        }}
        error={errors.description}
      />
    </>
  );
}
