import '../verify-i18n.ts';
import { Alert, Box, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconDownload, IconLinkOff, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { httpStatusOf } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { BrandMark } from '../../../ui/brand-logo.tsx';
import { formatDate, formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { publicCertificatesApi } from '../api/certificates-api.ts';
import { certificatesKeys } from '../api/certificates-keys.ts';

const PRINT_CSS = `@page { size: A4 landscape; margin: 10mm; } @media print { .cv-no-print { display: none !important; } body { background: #fff !important; } }`;

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <style>{PRINT_CSS}</style>
      <Box component="header" className="cv-no-print" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size={1040} px="md">
          <Group gap="sm">
            <BrandMark size={28} />
            <Text size="xs" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
              {t('certificates.verify.kicker')}
            </Text>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={1040} px="md" py="lg">
        {children}
      </Container>
      <Text component="footer" className="cv-no-print" ta="center" size="xs" c="dimmed" pb="lg">
        {t('certificates.verify.footer')}
      </Text>
    </Box>
  );
}

/**
 * `verify/certificate/{certificateId}` (an addition to SPEC §2.1): the page a certificate's QR opens. It says valid
 * or revoked, names the holder (the certificate itself names them) and shows the certificate for print.
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation();
  const { certificateId = '' } = useParams();
  const cert = useQuery({ queryKey: certificatesKeys.verification(certificateId), queryFn: ({ signal }) => publicCertificatesApi.verify(certificateId, signal), retry: false });
  usePageTitle(t('certificates.verify.kicker'));
  if (cert.isPending)
    return (
      <Shell>
        <Stack aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton h={90} />
          <Skeleton h={420} />
        </Stack>
      </Shell>
    );
  if (cert.isError) {
    const isMissing = httpStatusOf(cert.error) === 404;
    return (
      <Shell>
        <Paper withBorder p="xl">
          <Stack align="center" ta="center" gap="sm" role="alert">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconLinkOff size={28} />
            </ThemeIcon>
            <Title order={1} fz={22}>
              {t('certificates.verify.loadError')}
            </Title>
            <Text c="dimmed">{isMissing ? t('certificates.verify.notFound') : errorMessage(cert.error, t)}</Text>
            {!isMissing && (
              <Button variant="light" onClick={() => void cert.refetch()}>
                {t('certificates.verify.retry')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Shell>
    );
  }
  const c = cert.data;
  const isValid = c.status === 'valid';
  return (
    <Shell>
      <Stack gap="lg">
        <Alert
          className="cv-no-print"
          color={isValid ? 'teal.9' : 'red.9'}
          variant="filled"
          icon={isValid ? <IconCircleCheck size={24} /> : <IconCircleX size={24} />}
          title={<span data-testid="certificate-status">{isValid ? t('certificates.verify.valid') : t('certificates.verify.revoked')}</span>}
          role="status"
        >
          {isValid ? t('certificates.verify.validBody', { event: c.eventName }) : t('certificates.verify.revokedBody', { date: c.revokedAt ? formatDate(c.revokedAt.slice(0, 10)) : '' })}
        </Alert>
        <Paper withBorder p="md" className="cv-no-print">
          <Group gap="xl" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('certificates.verify.holder')}
              </Text>
              <Title order={1} fz={22} data-testid="certificate-holder">
                {c.holderName}
              </Title>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('certificates.verify.event')}
              </Text>
              <Text fw={600}>
                {c.eventName} · {formatDateRange(c.eventStartDate, c.eventEndDate)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('certificates.verify.issuedOn')}
              </Text>
              <Text fw={600}>{formatDate(c.issuedAt.slice(0, 10))}</Text>
            </div>
          </Group>
          {isValid && (
            <Group gap="xs" mt="md">
              <Button component="a" href={publicCertificatesApi.pdfUrl(c.id)} download leftSection={<IconDownload size={18} aria-hidden />}>
                {t('certificates.verify.download')}
              </Button>
              <Button variant="default" onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden />}>
                {t('certificates.verify.print')}
              </Button>
            </Group>
          )}
        </Paper>
        <Box bg="white" p={{ base: 'xs', sm: 'lg' }} style={{ overflowX: 'auto', opacity: isValid ? 1 : 0.5 }} dangerouslySetInnerHTML={{ __html: c.html }} data-testid="certificate-html" />
      </Stack>
    </Shell>
  );
}
