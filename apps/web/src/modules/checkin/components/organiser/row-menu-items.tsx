import { Menu } from '@mantine/core';
import { IconLogout, IconRefresh, IconRotateClockwise, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../app/access-gate.tsx';
import { confirmAction } from './confirm-action.ts';

export type TDeviceCommand = 'logout' | 'sync' | 'refresh';

/**
 * A row menu's device commands (AP-276 sync, AP-277 refresh, AP-275 sign out) for one device or a device group;
 * with `confirmLogout`, signing out asks first.
 */
export function DeviceCommandItems({ onCommand, confirmLogout }: { onCommand: (command: TDeviceCommand) => void; confirmLogout?: { title: string; body: string } }) {
  const { t } = useTranslation();
  const logout = () => (confirmLogout ? confirmAction(t, { ...confirmLogout, confirm: t('checkin.org.logout'), onConfirm: () => onCommand('logout') }) : onCommand('logout'));
  return (
    <>
      <Can rule="AP-276">
        <Menu.Item leftSection={<IconRotateClockwise size={16} aria-hidden />} onClick={() => onCommand('sync')}>
          {t('checkin.org.sync')}
        </Menu.Item>
      </Can>
      <Can rule="AP-277">
        <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => onCommand('refresh')}>
          {t('checkin.org.refresh')}
        </Menu.Item>
      </Can>
      <Can rule="AP-275">
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
          {t('checkin.org.logout')}
        </Menu.Item>
      </Can>
    </>
  );
}

/** A row menu's Delete item: red, and it asks first, naming what goes. */
export function DeleteItem({ title, body, onConfirm }: { title: string; body: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => confirmAction(t, { title, body, confirm: t('checkin.org.delete'), onConfirm })}>
      {t('checkin.org.delete')}
    </Menu.Item>
  );
}
