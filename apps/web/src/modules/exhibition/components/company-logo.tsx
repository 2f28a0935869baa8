import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES, LOGO_TOO_LARGE, type TLogoUpload } from '@pavilion/domain/validation/logo-images';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/**
 * A company's logo, or its initials when it has none (or the image fails). Decorative: the company's name is always
 * written beside it, so screen readers skip it.
 */
export function CompanyAvatar({ name, logoUrl, size = 40 }: { name: string; logoUrl: string | null; size?: number }) {
  return (
    <Avatar src={logoUrl} alt="" size={size} radius="sm" color="teal.9" variant="filled" aria-hidden data-testid="company-avatar" imageProps={{ loading: 'lazy' }}>
      {initialsOf(name)}
    </Avatar>
  );
}

class LogoTooLarge extends Error {}

/**
 * The company's logo in its form: preview, upload or replace (size checked here, name and bytes by the server's
 * shared logo rules), remove. A change is saved at once (it is its own route), not with the form.
 */
export function CompanyLogoField({ name, logoUrl, upload, remove, onSaved }: { name: string; logoUrl: string | null; upload: (body: TLogoUpload) => Promise<TExhibitingCompany>; remove: () => Promise<TExhibitingCompany>; onSaved: (company: TExhibitingCompany) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const onError = (err: unknown) => {
    if (err instanceof LogoTooLarge) setProblem(translateErrorKey(t, LOGO_TOO_LARGE));
    else if (isApiError(err) && err.errors?.[0]) setProblem(translateErrorKey(t, err.errors[0].key));
    else setProblem(errorMessage(err, t));
  };
  const send = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > LOGO_MAX_BYTES) throw new LogoTooLarge();
      return upload({ fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) });
    },
    onSuccess: (company) => {
      setProblem(null);
      onSaved(company);
      toast(t('exhibition.companies.logoSaved'), 'success');
    },
    onError,
  });
  const drop = useMutation({
    mutationFn: remove,
    onSuccess: (company) => {
      setProblem(null);
      onSaved(company);
      toast(t('exhibition.companies.logoRemoved'), 'success');
    },
    onError,
  });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="company-logo-label">
        {t('exhibition.companies.logo')}
      </Text>
      <Group gap="md" wrap="nowrap" role="group" aria-labelledby="company-logo-label">
        <CompanyAvatar name={name} logoUrl={logoUrl} size={72} />
        <Stack gap={6}>
          <FileButton onChange={(f) => f && send.mutate(f)} accept={LOGO_EXTENSIONS.map((e) => `.${e}`).join(',')}>
            {(props) => (
              <Button {...props} variant="light" size="sm" leftSection={<IconUpload size={16} aria-hidden />} loading={send.isPending}>
                {logoUrl ? t('exhibition.companies.replaceLogo') : t('exhibition.companies.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {logoUrl && (
            <Button variant="subtle" size="xs" color="gray" c="gray.8" onClick={() => drop.mutate()} loading={drop.isPending}>
              {t('exhibition.companies.removeLogo')}
            </Button>
          )}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {t('exhibition.companies.logoHint')}
      </Text>
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
