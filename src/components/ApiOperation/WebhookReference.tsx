import type { ReactNode } from 'react';
import type { WebhookView } from '@site/src/core/openapi/view';
import { SchemaFilesProvider, type SchemaMap } from './SchemaFields';
import { SentRequest } from './SentRequest';
import styles from './styles.module.css';

/**
 * A webhook's page: the request the API sends to the endpoint the reader registers, with the components a call's
 * page uses for its body and answers. Nothing to try from the browser: the API is the one sending. `details`, after
 * what the webhook says, is what the document's extensions add (src/components/WebhookEvents/WebhookDetails.tsx),
 * given by the page that has them, so this shared component does not carry their code onto every operation page.
 */
export default function WebhookReference({
  webhook,
  schemas,
  schemaFiles,
  linkBase,
  idPrefix = 'webhook',
  details,
}: {
  webhook: WebhookView;
  schemas: SchemaMap;
  schemaFiles?: string;
  linkBase: string;
  /** Prefix of its ids: one per webhook on a page of many (the single-page reference). */
  idPrefix?: string;
  details?: ReactNode;
}): ReactNode {
  const sent = webhook.operation;
  return (
    <SchemaFilesProvider files={schemaFiles}>
      <div className={styles.summary} data-webhook={webhook.name}>
        <p className={styles.endpoint}>
          <span className={`${styles.method} ${styles[`method_${sent.method}`] ?? ''}`}>
            {sent.method.toUpperCase()}
          </span>{' '}
          <span className={styles.path}>your endpoint</span>
        </p>
        <p>
          The API sends this request to the address you register for the <code>{webhook.name}</code> webhook.
        </p>
        <SentRequest sent={sent} id={idPrefix} linkBase={linkBase} schemas={schemas} intro={details} />
      </div>
    </SchemaFilesProvider>
  );
}
