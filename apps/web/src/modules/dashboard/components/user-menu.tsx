import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { performLogout } from '../../../app/logout.ts';
import { useAuth } from '../../../app/session-storage.ts';

export function initials(first?: string, last?: string): string {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const user = auth?.userData;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || '';

  return (
    <Menu position="bottom-end" width={240} withinPortal shadow="md">
      <Menu.Target>
        {/* No aria-label: the visible name plus hidden text form the name, so speech and sight agree (WCAG 2.5.3). */}
        <UnstyledButton style={{ borderRadius: 999, padding: 2 }}>
          <Group gap={8} wrap="nowrap">
            <span aria-hidden="true">
              <Avatar src={user?.logo || null} radius="xl" size={34} color="brand" variant="filled" alt="">
                {initials(user?.firstName, user?.lastName)}
              </Avatar>
            </span>
            <VisuallyHidden>{t('shell.userMenu', { name })}</VisuallyHidden>
            <Text size="sm" fw={600} visibleFrom="md" maw={160} truncate aria-hidden="true">
              {name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.signedInAs')}</Menu.Label>
        <Text size="sm" fw={600} px="sm" truncate>
          {name}
        </Text>
        {user?.email && (
          <Text size="xs" c="dimmed" px="sm" pb="xs" truncate>
            {user.email}
          </Text>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void performLogout(navigate)}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
