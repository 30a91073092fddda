// The history table of the games with a provably-fair page (dice bets, upgrades, box openings): one
// column list per game, each row linking to its verification.
import type { HTMLAttributes, Key, ReactNode } from 'react';

/** A column: its header and what a row shows in it. */
export interface HistoryColumn<R> {
  header: string;
  cell(row: R): ReactNode;
  testId?: string; // data-testid of the cells
  className?(row: R): string | undefined;
}

/** Row attributes: a class and data-* attributes for tests. */
export type HistoryRowProps = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number>;

/** The table; `row` gives each row's key and attributes. */
export function HistoryTable<R>({
  rows,
  columns,
  row,
  className,
}: {
  rows: readonly R[];
  columns: readonly HistoryColumn<R>[];
  row(r: R): { key: Key } & HistoryRowProps;
  className?: string;
}) {
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header}>{c.header}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const { key, ...attrs } = row(r);
          return (
            <tr key={key} {...attrs}>
              {columns.map((c) => (
                <td key={c.header} data-testid={c.testId} className={c.className?.(r)}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
