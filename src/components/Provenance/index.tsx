import type { ReactNode } from 'react';
import styles from './styles.module.css';

/*
 * Its own folder, out of the reference's chunk (src/plugins/openapi-pages/index.ts): the webhook pages' lazy chunk and
 * the webhooks page both use it, and a module of two chunks there would ride on every operation page.
 */

/**
 * How a part of a webhook is known (this portal's `x-provenance`), as a reader should weigh it: documented by the
 * provider, or modelled by the portal. Nothing for any other value.
 */
export default function Provenance({ provenance }: { provenance?: string }): ReactNode {
  if (provenance !== 'documented' && provenance !== 'modelled') return null;
  return (
    <span className={styles.provenance} data-provenance={provenance}>
      {provenance === 'documented' ? 'documented by the provider' : 'modelled by this portal'}
    </span>
  );
}
