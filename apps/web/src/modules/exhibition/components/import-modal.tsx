import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPANY_IMPORT_MAX_ROWS, COMPANY_IMPORT_MAX_XLSX_BYTES, type TCompanyImportRequest } from '@pavilion/domain/exhibition/company-import';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

const TEMPLATE = 'name,category,country,website,email,profile\nAcme Robotics,Automation,DE,https://acme.example,sales@acme.example,"<p>Robot arms</p>"\n';

const isXlsx = (f: File) => /\.xlsx$/i.test(f.name) || f.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The request for a file: CSV as text, an Excel workbook as base64 (the server reads its first sheet). */
async function importBody(f: File): Promise<TCompanyImportRequest> {
  if (!isXlsx(f)) return { csv: await f.text() };
  const bytes = new Uint8Array(await f.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { xlsxBase64: btoa(binary) };
}

/** CSV or XLSX import of companies (AP-490): all rows or none, and the server's report row by row. */
export function ImportModal({ eventId, isOpen, onClose }: { eventId: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const importCsv = useMutation({
    mutationFn: async (f: File) => api.importCompanies(eventId, await importBody(f)),
    onSuccess: (r) => {
      toast(t('exhibition.import.done', { count: r.created }), 'success');
      void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
      setFile(null);
      onClose();
    },
  });
  const err = importCsv.error;
  const maxMb = COMPANY_IMPORT_MAX_XLSX_BYTES / (1024 * 1024);
  const isTooBig = !!file && isXlsx(file) && file.size > COMPANY_IMPORT_MAX_XLSX_BYTES;
  const rows = isApiError(err) ? (err.errors ?? []) : [];
  const close = () => {
    importCsv.reset();
    setFile(null);
    onClose();
  };
  return (
    <Modal opened={isOpen} onClose={close} title={t('exhibition.import.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('exhibition.import.help', { max: COMPANY_IMPORT_MAX_ROWS })}</Text>
        <Anchor size="sm" href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="companies-template.csv">
          {t('exhibition.import.template')}
        </Anchor>
        <FileInput
          label={t('exhibition.import.file')}
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          error={isTooBig ? t('exhibition.import.tooBig', { max: maxMb }) : undefined}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={(f) => {
            importCsv.reset();
            setFile(f);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('exhibition.import.clearFile') }}
        />
        {err && (
          <Alert color="red" variant="light" role="alert" title={errorMessage(err, t)} styles={{ title: { color: 'var(--mantine-color-red-9)' }, message: { color: 'var(--mantine-color-red-9)' } }}>
            {rows.length > 0 && (
              <Table.ScrollContainer minWidth={360} mah={260}>
                <Table aria-label={t('exhibition.import.report')} striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('exhibition.import.row')}</Table.Th>
                      <Table.Th scope="col">{t('exhibition.import.column')}</Table.Th>
                      <Table.Th scope="col">{t('exhibition.import.problem')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((e, i) => {
                      const [, row, column] = e.field.split('.');
                      return (
                        <Table.Tr key={i}>
                          <Table.Td>{row ?? '—'}</Table.Td>
                          <Table.Td>{column ? t(`exhibition.import.columns.${column}`, { defaultValue: column }) : t('exhibition.import.wholeFile')}</Table.Td>
                          <Table.Td>{translateErrorKey(t, e.key)}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => file && importCsv.mutate(file)} disabled={!file || isTooBig} loading={importCsv.isPending}>
            {t('exhibition.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
