// A table that scrolls sideways below its minimum width rather than squeezing its columns: its header
// cells in one row, then its rows.
import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollingTable({
  minWidth,
  head,
  children,
  ...table
}: TableProps & { minWidth: number; head: ReactNode; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
