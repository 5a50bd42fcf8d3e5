import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { WebhookView } from '@site/src/lib/openapi/view';
import ProvenanceTag from './ProvenanceTag';
import { SchemaFilesProvider, type SchemaMap } from './SchemaFields';
import { SentRequest } from './SentRequest';
import PathText from './PathText';
import styles from './styles.module.css';

/**
 * A webhook's page: the request the API sends to the endpoint the reader registers, with the components a call's
 * page uses for its body and answers, and what the document says about it beyond OpenAPI (this portal's
 * extensions): the subscription types that deliver it, which of its parts the provider documents and which are
 * modelled, and the call that fetches the whole object. Nothing to try from the browser: the API is the one sending.
 */
export default function WebhookReference({
  webhook,
  schemas,
  schemaFiles,
  linkBase,
  idPrefix = 'webhook',
}: {
  webhook: WebhookView;
  schemas: SchemaMap;
  schemaFiles?: string;
  linkBase: string;
  /** Prefix of its ids: one per webhook on a page of many (the single-page reference). */
  idPrefix?: string;
}): ReactNode {
  const sent = webhook.operation;
  // Older generated pages and other callers may hand over a view without the extension fields.
  const { subscriptionTypes = [], provenance = {}, fetch } = webhook;
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
          The API sends this request to the address you register for the <code>{webhook.name}</code> webhook
          {provenance.event ? (
            <>
              {' '}
              (the event: <ProvenanceTag provenance={provenance.event} />)
            </>
          ) : null}
          .
        </p>
        <SentRequest
          sent={sent}
          id={idPrefix}
          linkBase={linkBase}
          schemas={schemas}
          intro={
            <>
              {subscriptionTypes.length > 0 && (
                <p data-subscription-types>
                  Delivered to subscriptions of type{' '}
                  {subscriptionTypes.map((type, index) => (
                    <span key={type.id}>
                      {index > 0 && (index === subscriptionTypes.length - 1 ? ' and ' : ', ')}
                      <strong>{type.name}</strong>
                    </span>
                  ))}
                  {provenance.subscriptionTypes ? (
                    <>
                      {' '}
                      (<ProvenanceTag provenance={provenance.subscriptionTypes} />)
                    </>
                  ) : null}
                  .
                </p>
              )}
              {provenance.payload === 'modelled' && (
                <p className={styles.modelled} data-modelled="payload">
                  The body below is modelled by this portal, not documented by the provider: it is built from the
                  API&apos;s own entities to show the shape to expect. Rely on the ids it carries, and fetch the object
                  for the rest.
                </p>
              )}
              {fetch && (
                <p data-fetch>
                  Fetch the whole object with{' '}
                  <Link to={`${linkBase}/${fetch.slug}`}>
                    {fetch.summary} (<PathText path={fetch.path} method={fetch.method} />)
                  </Link>
                  .
                </p>
              )}
            </>
          }
        />
      </div>
    </SchemaFilesProvider>
  );
}
