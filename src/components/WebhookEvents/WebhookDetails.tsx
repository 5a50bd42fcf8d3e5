import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { WebhookView } from '@site/src/core/openapi/view';
import Markdown from '@site/src/components/Markdown';
import Provenance from '@site/src/components/Provenance';
import styles from './styles.module.css';

/**
 * What a webhook's page says beyond OpenAPI, from this portal's extensions (src/core/openapi/view/webhookDetails.ts):
 * the subscription types that deliver it, which of its parts the provider documents and which are modelled, and the
 * call that fetches the whole object; and the headers it sends (a signature's). Out of the reference's shared chunk:
 * only webhook pages and the single-page references import it.
 */
export default function WebhookDetails({
  webhook,
  linkBase,
  idPrefix = 'webhook',
}: {
  webhook: WebhookView;
  linkBase: string;
  /** Prefix of the headers' anchors: one per webhook on a page of many. */
  idPrefix?: string;
}): ReactNode {
  const { subscriptionTypes = [], provenance = {}, fetch } = webhook.details ?? {};
  const headers = webhook.operation.parameters.filter((parameter) => parameter.in === 'header');
  return (
    <>
      {provenance.event && (
        <p data-provenance-of="event">
          The event: <Provenance provenance={provenance.event} />.
        </p>
      )}
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
              (<Provenance provenance={provenance.subscriptionTypes} />)
            </>
          ) : null}
          .
        </p>
      )}
      {provenance.payload === 'modelled' && (
        <p className={styles.modelled} data-modelled="payload">
          The body below is modelled by this portal, not documented by the provider: it is built from the API&apos;s own
          entities to show the shape to expect. Rely on the ids it carries, and fetch the object for the rest.
        </p>
      )}
      {headers.length > 0 && (
        <>
          <p>The headers it sends:</p>
          <ul className={styles.headers}>
            {headers.map((header) => (
              <li key={header.name} id={`${idPrefix}-header-${header.name.toLowerCase()}`} data-header={header.name}>
                <code>{header.name}</code> {header.type}
                {header.required ? ', required' : ''}
                <Markdown text={header.description} />
              </li>
            ))}
          </ul>
        </>
      )}
      {fetch && (
        <p data-fetch>
          Fetch the whole object with{' '}
          <Link to={`${linkBase}/${fetch.slug}`}>
            {fetch.summary} (
            <code>
              {fetch.method.toUpperCase()} {fetch.path}
            </code>
            )
          </Link>
          .
        </p>
      )}
    </>
  );
}
