import { useState } from 'react';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLoginLinkResponse } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { authApi } from '../api/auth-api.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';

/**
 * "Login link" for one person: the server makes a single-use sign-in link (`create`), shown here to copy, and mails
 * that same link to them on request. Registrations pass an `adl` link; a booth's panel its `ebf` form link (with its own help).
 */
export function LoginLinkModal({ name, opened, onClose, create, help }: { name: string; opened: boolean; onClose: () => void; create: () => Promise<TLoginLinkResponse>; help?: string }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<TLoginLinkResponse | null>(null);
  const make = useMutation({ mutationFn: create, onSuccess: setLink });
  const mail = useMutation({
    mutationFn: (key: string) => authApi.mailLoginLink({ key }),
    onSuccess: (sent) => toast(t('auth.loginLink.sent', { email: sent.sentTo }), 'success'),
  });
  const problem = make.error ?? mail.error;

  function close() {
    setLink(null);
    make.reset();
    mail.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={t('auth.loginLink.title', { name })} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {help ?? t('auth.loginLink.help')}
        </Text>
        <FormAlert message={problem ? errorMessage(problem, t) : null} />
        {!link ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('auth.loginLink.close')}
            </Button>
            <Button leftSection={<IconLink size={16} aria-hidden />} loading={make.isPending} onClick={() => make.mutate()}>
              {t('auth.loginLink.create')}
            </Button>
          </Group>
        ) : (
          <>
            <TextInput label={t('auth.loginLink.label')} value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} data-autofocus />
            <Text size="sm">{t('auth.loginLink.validUntil', { date: formatDateTime(link.expiresAt), email: link.email })}</Text>
            <Group justify="flex-end" gap="sm">
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button variant="default" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                    {copied ? t('auth.loginLink.copied') : t('auth.loginLink.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button leftSection={<IconMailForward size={16} aria-hidden />} loading={mail.isPending} onClick={() => mail.mutate(link.key)}>
                {t('auth.loginLink.mail')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
