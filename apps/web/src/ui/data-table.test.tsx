import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Table } from '@mantine/core';
import { DataTable } from './data-table.tsx';

const html = (ui: React.ReactElement) => renderToStaticMarkup(<MantineProvider>{ui}</MantineProvider>);

describe('DataTable', () => {
  it('renders column headings (scope col), a heading only screen readers hear, widths, the rows and passed props', () => {
    const out = html(
      <DataTable columns={['Name', { label: 'Used', w: 220 }, { label: 'Actions', isHidden: true }]} minWidth={700} data-testid="things">
        <Table.Tr>
          <Table.Td>Hall A</Table.Td>
        </Table.Tr>
      </DataTable>,
    );
    expect(out.match(/<th[^>]*scope="col"/g)).toHaveLength(3);
    expect(out).toMatch(/<th[^>]*>Name<\/th>/);
    expect(out).toMatch(/<th style="width:calc\(13\.75rem[^"]*"[^>]*>Used<\/th>/);
    expect(out).toMatch(/<th[^>]*><span class="[^"]*mantine-VisuallyHidden-root">Actions<\/span><\/th>/);
    expect(out).toContain('data-testid="things"');
    expect(out).toContain('<td');
    expect(out).toContain('Hall A');
    expect(out).toMatch(/mantine-Paper-root/);
  });

  it('leaves out the card when the page frames the table itself', () => {
    expect(html(<DataTable columns={['A']} minWidth={500} isFramed={false}>{null}</DataTable>)).not.toMatch(/mantine-Paper-root/);
  });
});
