import type { ReactNode } from 'react';
import { excerptParts } from '@site/src/core/search/excerpt';
import styles from './styles.module.css';

/** A result's excerpt with the matched words marked, rendered as text (lib/search/excerpt.ts). */
export default function Excerpt({ html }: { html: string }): ReactNode {
  return (
    <span className={styles.excerpt}>
      {excerptParts(html).map((part, index) =>
        part.marked ? (
          <mark key={index} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
