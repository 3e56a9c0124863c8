import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A small table that scrolls sideways on a phone instead of squeezing its columns. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-ink-muted text-sm">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[16rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-line border-b text-left text-ink-muted">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`py-2 pr-3 font-medium ${column.numeric ? "text-right" : ""}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-line border-b last:border-b-0">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={`py-2 pr-3 text-ink ${column.numeric ? "text-right tabular-nums" : ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
