import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { WebhookIndex } from '@site/src/lib/openapi/webhookIndex';
import CodeSamples from '@site/src/components/ApiOperation/CodeSamples';
import PathText from '@site/src/components/ApiOperation/PathText';
import ProvenanceTag from '@site/src/components/ApiOperation/ProvenanceTag';
import styles from './styles.module.css';

/*
 * The webhooks page's parts, each written from what the build read in the API's document (.generated/webhooks/*.json,
 * src/lib/openapi/webhookIndex.ts): the subscription types, the events by entity with who receives each, the signing
 * scheme and a handler in every sample language. Nothing here is typed by hand: a changed document changes the page.
 */

/** The subscription types an application picks from, each with its scopes. */
export function SubscriptionTypes({ index }: { index: WebhookIndex }): ReactNode {
  if (index.subscriptionTypes.length === 0) {
    return <p>The {index.title}&apos;s document names no subscription types.</p>;
  }
  return (
    <dl className={styles.types}>
      {index.subscriptionTypes.map((type) => (
        <div key={type.id} data-subscription-type={type.id}>
          <dt>
            {type.name} <ProvenanceTag provenance={type.provenance} />
          </dt>
          <dd>
            <ul>
              {type.scopes.map((scope) => (
                <li key={scope.name}>
                  <strong>{scope.name}</strong>
                  {scope.description ? `: ${scope.description}` : ''}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every event, grouped by the entity it is about, with a column per subscription type: a mark where that type
 * delivers it. Above them, what is documented and what is modelled; a row whose subscription types are modelled
 * says so under its name, as its page does.
 */
export function EventIndex({ index }: { index: WebhookIndex }): ReactNode {
  const groups = index.groups;
  if (groups.length === 0) {
    return (
      <p data-no-webhooks>
        The {index.title}&apos;s document declares no webhooks, so there are no events to list. A document built from
        another source may lack them: the site&apos;s own copy lists them.
      </p>
    );
  }
  const types = index.subscriptionTypes;
  const sources = index.provenance;
  return (
    <>
      {sources.length > 0 && (
        <ul data-provenance-summary>
          {sources.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {groups.map((group) => (
        <section key={group.entity} data-entity={group.entity}>
          <h3 id={`events-${group.entity.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>{group.entity}</h3>
          <div className={styles.scroll}>
            <table className={styles.matrix}>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  {types.map((type) => (
                    <th scope="col" key={type.id} className={styles.mark}>
                      {type.name}
                    </th>
                  ))}
                  <th scope="col">Full object</th>
                </tr>
              </thead>
              <tbody>
                {group.events.map((event) => (
                  <tr key={event.slug} data-event={event.name}>
                    <th scope="row">
                      <Link to={`${index.linkBase}/${event.slug}`}>
                        <code>{event.name}</code>
                      </Link>
                      {/* A space the block hides: a copy of the page (its Markdown twin) keeps the words apart. */}{' '}
                      <span className={styles.summary}>{event.summary}</span>
                      {event.provenance.subscriptionTypes === 'modelled' && (
                        <span className={styles.summary} data-modelled="subscription-types">
                          Who receives it: <ProvenanceTag provenance="modelled" />
                        </span>
                      )}
                    </th>
                    {types.map((type) => {
                      const delivered = event.subscriptionTypes.includes(type.id);
                      return (
                        <td key={type.id} className={styles.mark} data-delivered={delivered}>
                          <span aria-hidden="true">{delivered ? '✓' : '–'}</span>
                          <span className={styles.hidden}>{delivered ? ' delivered' : ' not delivered'}</span>
                        </td>
                      );
                    })}
                    <td>
                      {event.fetch ? (
                        <Link to={`${index.linkBase}/${event.fetch.slug}`} className={styles.call}>
                          <PathText path={event.fetch.path} method={event.fetch.method} />
                        </Link>
                      ) : (
                        '–'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}

/** How deliveries are signed, as the document states it. */
export function SigningScheme({ index }: { index: WebhookIndex }): ReactNode {
  const signing = index.signing;
  if (!signing) {
    return (
      <p data-signing-problem>
        {index.signingProblem
          ? `The ${index.title}'s document states a signing scheme this page cannot use (${index.signingProblem}).`
          : `The ${index.title}'s document states no signing scheme.`}
      </p>
    );
  }
  return (
    <ul data-signing>
      <li>
        <code>{signing.timestampHeader}</code>: when the delivery was signed, in seconds since the Unix epoch.
      </li>
      <li>
        <code>{signing.signatureHeader}</code>: <code>{signing.signaturePrefix}</code> and the lowercase hex{' '}
        {signing.algorithm} of <code>{`<${signing.timestampHeader}>${signing.separator}<raw body>`}</code>, keyed with
        your endpoint&apos;s signing secret.
      </li>
      <li>
        A delivery more than {signing.toleranceSeconds} seconds from your clock is stale: reject it, so that a captured
        delivery cannot be replayed.
      </li>
      <li>
        The scheme: <ProvenanceTag provenance={signing.provenance} />.
      </li>
    </ul>
  );
}

/** The handler in every sample language, as tabs that follow the reader's chosen language, and how to run each. */
export function WebhookHandlers({ index }: { index: WebhookIndex }): ReactNode {
  if (index.handlers.length === 0) return null;
  return (
    <>
      {/* Ten programs would make the page one search hit in ten for its own words: search reads the prose around. */}
      <div data-pagefind-ignore="all">
        <CodeSamples write={() => index.handlers} />
      </div>
      <div className={styles.scroll}>
        <table data-handler-runs>
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col">Save as</th>
              <th scope="col">Run it</th>
            </tr>
          </thead>
          <tbody>
            {index.handlers.map((handler) => (
              <tr key={handler.language}>
                <th scope="row">{handler.label}</th>
                <td>
                  <code>{handler.file}</code>
                </td>
                <td>{handler.run}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
