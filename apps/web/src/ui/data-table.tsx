import type { ReactNode } from 'react';
import { Paper, Table, VisuallyHidden, type TableProps } from '@mantine/core';

/** A column heading: its text, or the text with a width, or a heading only screen readers hear (a row-actions column). */
export type TDataTableColumn = ReactNode | { label: ReactNode; w?: number | string; isHidden?: boolean };

const isColumnObject = (c: TDataTableColumn): c is { label: ReactNode; w?: number | string; isHidden?: boolean } =>
  typeof c === 'object' && c !== null && 'label' in c;

/**
 * The organiser lists' table frame: a bordered card that scrolls sideways below `minWidth`, one header row of column
 * headings (scope="col"), and the rows as children. Table props (data-testid, spacing, striped...) pass through.
 */
export function DataTable({
  columns,
  minWidth,
  children,
  isFramed = true,
  ...tableProps
}: { columns: TDataTableColumn[]; minWidth: number; children: ReactNode; isFramed?: boolean } & Omit<TableProps, 'children'>) {
  const table = (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) =>
              isColumnObject(c) ? (
                <Table.Th key={i} scope="col" w={c.w}>
                  {c.isHidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
                </Table.Th>
              ) : (
                <Table.Th key={i} scope="col">
                  {c}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return isFramed ? (
    <Paper withBorder shadow="xs">
      {table}
    </Paper>
  ) : (
    table
  );
}
