import { useState } from 'react';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../app/form-errors.ts';
import { toast } from '../app/toast.ts';

export type TDownloadFormat = 'csv' | 'xlsx';

type TProps = {
  /** The button's label (the icon button's accessible name): what is downloaded. */
  label: string;
  /** The two menu items' texts, e.g. "All orders as CSV" and "All orders as Excel (XLSX)". */
  csvLabel: string;
  xlsxLabel: string;
  /** Fetches and saves the file (`downloadFile` of app/download.ts); a refusal is shown as a toast. */
  download: (format: TDownloadFormat) => Promise<unknown>;
  /** An icon button (a table row, a section header) instead of a labelled one. */
  isCompact?: boolean;
  /** The labelled button's size: `sm` beside a toolbar's other buttons. */
  size?: 'xs' | 'sm';
};

/** A list's export as CSV or XLSX: one menu of the two files, busy while the file is made. */
export function DownloadMenu({ label, csvLabel, xlsxLabel, download, isCompact = false, size = 'xs' }: TProps) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const run = (format: TDownloadFormat) => {
    setBusy(true);
    download(format)
      .catch((err: unknown) => toast(errorMessage(err, t), 'error'))
      .finally(() => setBusy(false));
  };
  return (
    // No focus placeholder: a bare div inside role="menu" fails axe (aria-required-children); the first item takes focus.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {isCompact ? (
          <ActionIcon variant="subtle" aria-label={label} loading={isBusy}>
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" size={size} leftSection={<IconDownload size={size === 'xs' ? 14 : 18} aria-hidden />} loading={isBusy}>
            {label}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>{csvLabel}</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>{xlsxLabel}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
