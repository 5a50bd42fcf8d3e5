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
