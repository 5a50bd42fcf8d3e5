import type { ReactNode } from 'react';
import styles from './styles.module.css';

/**
 * How a part of a webhook is known (this portal's `x-provenance`), as a reader should weigh it: documented by the
 * provider, or modelled by the portal. Nothing for any other value.
 */
export default function ProvenanceTag({ provenance }: { provenance?: string }): ReactNode {
  if (provenance !== 'documented' && provenance !== 'modelled') return null;
  return (
    <span className={styles.provenance} data-provenance={provenance}>
      {provenance === 'documented' ? 'documented by the provider' : 'modelled by this portal'}
    </span>
  );
}
