import type { ReactNode } from 'react';
import { BreakBetween } from '@site/src/components/WordBreaks';
import { pathParts } from './pathParts';
import styles from './styles.module.css';

/**
 * A call's path in code type, wrapping only after a slash (`pathParts`). Used wherever a call is named by its path
 * (operation pages, the single-page reference's summaries, "used by" lists), so every page wraps it the same way.
 */
export default function PathText({
  path,
  method,
  className,
}: {
  path: string;
  /** Shown before the path, as in `GET /games`. */
  method?: string;
  className?: string;
}): ReactNode {
  return (
    <code className={`${styles.pathText} ${className ?? ''}`.trim()}>
      {method !== undefined && `${method.toUpperCase()} `}
      <BreakBetween pieces={pathParts(path)} />
    </code>
  );
}
