import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { Badge } from '@site/src/core/changelog';
import styles from './styles.module.css';

/** "Changed" beside a call, parameter, schema or field that an API changelog entry of the last 90 days touched. */
export default function ChangedBadge({ badge, label }: { badge?: Badge; label: string }): ReactNode {
  if (!badge) return null;
  const kind = badge.breaking ? 'breaking change' : 'change';
  return (
    <Link
      to={badge.href}
      className={badge.breaking ? `${styles.changed} ${styles.changedBreaking}` : styles.changed}
      aria-label={`${label}: ${kind} on ${badge.date}, see the changelog`}
      title={`Changed on ${badge.date}${badge.breaking ? ' (breaking)' : ''}`}
    >
      Changed
    </Link>
  );
}
