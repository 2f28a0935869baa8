import '../certificates-i18n.ts';
import { Box, Button, Group, Paper, ScrollArea, UnstyledButton } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAccess, type TAccessRule } from '../../../app/access.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { useCurrentEventId } from '../../dashboard/hooks/use-select-event.ts';

/** The tabs of /app/certificates and the view code each needs (the server's codes). */
export const CERTIFICATE_SECTIONS: readonly { path: string; label: string; access: TAccessRule }[] = [
  { path: '', label: 'templates', access: 'AP-248' },
  { path: 'issue', label: 'issue', access: ['AP-254', 'AP-294'] },
  { path: 'printing', label: 'printing', access: 'AP-258' },
  { path: 'ebadge', label: 'ebadge', access: 'AP-233' },
];

export const CERTIFICATES_MENU_ACCESS: TAccessRule = ['AP-248', 'AP-254', 'AP-258', 'AP-233'];

/** /app/certificates/*: header, section tabs (links) and the section. */
export function CertificatesSection() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const base = '/app/certificates';
  const current = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0] : '';
  const visible = CERTIFICATE_SECTIONS.filter((s) => access.can(s.access));
  if (!eventId) {
    return (
      <>
        <PageHeader title={t('certificates.org.title')} />
        <Paper withBorder shadow="xs">
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t('certificates.org.noEvent')}
            description={t('certificates.org.noEventBody')}
            action={
              <Button component={Link} to="/list/events" variant="light">
                {t('certificates.org.goToEvents')}
              </Button>
            }
          />
        </Paper>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('certificates.org.title')} description={t('certificates.org.subtitle')} />
      <Box component="nav" aria-label={t('certificates.org.sectionsNav')} mb="lg" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
          <Group gap={4} wrap="nowrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visible.map((s) => {
              const isActive = s.path === current;
              return (
                <li key={s.path}>
                  <UnstyledButton
                    component={Link}
                    to={s.path ? `${base}/${s.path}` : base}
                    aria-current={isActive ? 'page' : undefined}
                    px="md"
                    py={10}
                    style={{
                      display: 'block',
                      whiteSpace: 'nowrap',
                      fontWeight: isActive ? 700 : 500,
                      fontSize: 'var(--mantine-font-size-sm)',
                      color: isActive ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-gray-8)',
                      borderBottom: `3px solid ${isActive ? 'var(--mantine-color-brand-7)' : 'transparent'}`,
                      marginBottom: -1,
                    }}
                  >
                    {t(`certificates.org.tabs.${s.label}`)}
                  </UnstyledButton>
                </li>
              );
            })}
          </Group>
        </ScrollArea>
      </Box>
      <Outlet />
    </>
  );
}
