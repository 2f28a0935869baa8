import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

/** A table row's actions: a "…" button (named for screen readers by `label`) that opens a menu of `Menu.Item`s. */
export function RowMenu({ label, width, children }: { label: string; width?: number; children: ReactNode }) {
  return (
    <Menu position="bottom-end" width={width} withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
