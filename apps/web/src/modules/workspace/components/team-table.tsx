import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPlayerPause, IconPlayerPlay, IconShieldCog, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVEL_LABELS, AccessLevel, type TAccessLevel, type TTeamMember } from '@pavilion/domain';

export type TMemberAction = 'edit' | 'suspend' | 'reactivate' | 'remove';

/** The members table; the row menu offers only the actions the caller's codes allow. */
export function TeamTable({
  members,
  regionName,
  allowed,
  onAction,
  currentUserId,
}: {
  members: TTeamMember[];
  regionName: (id: string) => string;
  allowed: { edit: boolean; suspend: boolean; remove: boolean };
  onAction: (action: TMemberAction, member: TTeamMember) => void;
  currentUserId: string | undefined;
}) {
  const { t } = useTranslation();
  const hasActions = allowed.edit || allowed.suspend || allowed.remove;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('team.member')}</Table.Th>
            <Table.Th scope="col">{t('team.access')}</Table.Th>
            <Table.Th scope="col">{t('team.region')}</Table.Th>
            <Table.Th scope="col">{t('team.status')}</Table.Th>
            {hasActions && (
              <Table.Th scope="col">
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`.trim();
            const isProtected = m.isOwner || m.id === currentUserId;
            const eventCount = m.itemAccess.filter((i) => i.itemType === 'event').length;
            return (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      {m.isOwner && (
                        <Badge size="xs" variant="outline" color="grape.8" radius="sm">
                          {t('team.owner')}
                        </Badge>
                      )}
                      {m.id === currentUserId && (
                        <Badge size="xs" variant="outline" color="gray.7" radius="sm">
                          {t('team.you')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {m.email}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">
                      {m.accessLevel === AccessLevel.AdminAccess ? ACCESS_LEVEL_LABELS[1] : (m.roleName ?? ACCESS_LEVEL_LABELS[m.accessLevel as TAccessLevel] ?? '—')}
                    </Text>
                    {m.accessLevel === AccessLevel.UserAccess && (
                      <Text size="xs" c="dimmed">
                        {eventCount > 0 ? t('team.eventsOnly', { count: eventCount }) : t('team.allEvents')}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{m.regionId ? regionName(m.regionId) : '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={m.status === 'active' ? 'teal.9' : 'red.9'} radius="sm">
                    {t(`team.statuses.${m.status}`)}
                  </Badge>
                </Table.Td>
                {hasActions && (
                  <Table.Td ta="right">
                    {!isProtected && (
                      <Menu position="bottom-end" withinPortal shadow="md">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray.7" aria-label={t('team.actionsFor', { name })}>
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {allowed.edit && (
                            <Menu.Item leftSection={<IconShieldCog size={16} aria-hidden />} onClick={() => onAction('edit', m)}>
                              {t('team.editAccess')}
                            </Menu.Item>
                          )}
                          {allowed.suspend && m.status === 'active' && (
                            <Menu.Item leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={() => onAction('suspend', m)}>
                              {t('team.suspend')}
                            </Menu.Item>
                          )}
                          {allowed.suspend && m.status === 'suspended' && (
                            <Menu.Item leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => onAction('reactivate', m)}>
                              {t('team.reactivate')}
                            </Menu.Item>
                          )}
                          {allowed.remove && (
                            <>
                              <Menu.Divider />
                              <Menu.Item color="red" leftSection={<IconUserMinus size={16} aria-hidden />} onClick={() => onAction('remove', m)}>
                                {t('team.remove')}
                              </Menu.Item>
                            </>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
