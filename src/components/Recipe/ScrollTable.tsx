import type { ReactNode } from 'react';
import styles from './styles.module.css';

/** A table in its own scroll box: on a narrow screen it scrolls, the page does not. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className={styles.scroll}>
      <table className={styles.table} aria-label={label}>
        {children}
      </table>
    </div>
  );
}

/**
 * Named values and where each comes from, as code: a step's outputs and a workflow's outputs share this table, with
 * their own column heading for the second column.
 */
export function OutputsTable({
  label,
  valueHeading,
  rows,
}: {
  label: string;
  valueHeading: string;
  rows: readonly { key: string; name: string; value: string }[];
}): ReactNode {
  return (
    <ScrollTable label={label}>
      <thead>
        <tr>
          <th scope="col">Output</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>
              <code>{row.name}</code>
            </td>
            <td>
              <code>{row.value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
