import '../../organiser-i18n.ts';
import { Box, Button, Group, Paper, ScrollArea, UnstyledButton } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAccess, type TAccessRule } from '../../../../app/access.ts';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { useCurrentEventId } from '../../../dashboard/hooks/use-select-event.ts';

/** The sections of /app/registration and the view code (API.md) each needs; a tab shows only to holders. */
export const REGISTRATION_SECTIONS: readonly { path: string; label: string; access: TAccessRule }[] = [
  { path: '', label: 'registrations', access: 'AP-94' },
  { path: 'orders', label: 'orders', access: 'AP-175' },
  { path: 'tickets', label: 'tickets', access: 'AP-46' },
  { path: 'quotas', label: 'quotas', access: 'AP-46' },
  { path: 'forms', label: 'forms', access: 'AP-72' },
  { path: 'discounts', label: 'discounts', access: 'AP-161' },
  { path: 'visitors', label: 'categories', access: 'AP-112' },
  { path: 'cart-links', label: 'cartLinks', access: 'AP-83' },
  { path: 'transactions', label: 'transactions', access: 'AP-217' },
  { path: 'payments', label: 'payments', access: ['AP-203', 'AP-195'] },
  { path: 'settings', label: 'settings', access: 'AP-46' },
];

/** Access rule of the Registration menu entry and of /app/registration: any of its sections. */
export const REGISTRATION_MENU_ACCESS: TAccessRule = ['AP-46', 'AP-94'];

/** /app/registration/*: the header, the section tabs (links, so each section has its URL) and the section. */
export function RegistrationSection() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const base = '/app/registration';
  const current = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0] : '';
  const visible = REGISTRATION_SECTIONS.filter((s) => access.can(s.access));

  if (!eventId) {
    return (
      <>
        <PageHeader title={t('registration.org.title')} />
        <Paper withBorder shadow="xs">
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t('registration.org.noEvent')}
            description={t('registration.org.noEventBody')}
            action={
              <Button component={Link} to="/list/events" variant="light">
                {t('dashboard.goToEvents')}
              </Button>
            }
          />
        </Paper>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('registration.org.title')} description={t('registration.org.subtitle')} />
      <Box component="nav" aria-label={t('registration.org.sectionsNav')} mb="lg" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
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
                    {t(`registration.org.tabs.${s.label}`)}
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
