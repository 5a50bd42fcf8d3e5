import { useState, useSyncExternalStore, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { WebhookIndex } from '@site/src/core/openapi/webhookIndex';
import CodeBlock from '@theme/CodeBlock';
import { sampleStorageKey } from '@site/config/sampleTabs';
// The grammars of the languages the site's own highlighter lacks (Java, PHP, Ruby, Perl).
import '@site/src/components/ApiOperation/grammars';
import Provenance from '@site/src/components/Provenance';
import styles from './styles.module.css';

/*
 * The webhooks page's parts, each written from what the build read in the API's document (.generated/webhooks/*.json,
 * src/core/openapi/webhookIndex.ts): the subscription types, the events by entity with who receives each, the signing
 * scheme and a handler in every sample language. Nothing here is typed by hand: a changed document changes the page.
 */

/**
 * A wide table's own scrolling box: focusable and named, so a keyboard reader can scroll it too (WCAG 2.1.1).
 */
function ScrollBox({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

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
            {type.name} <Provenance provenance={type.provenance} />
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
          <ScrollBox label={`${group.entity} events`}>
            <table className={styles.matrix}>
              {/* A caption, not a heading: the page's table of contents lists the page's own headings. */}
              <caption>{group.entity}</caption>
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
                          Who receives it: <Provenance provenance="modelled" />
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
                          <code>
                            {event.fetch.method.toUpperCase()} {event.fetch.path}
                          </code>
                        </Link>
                      ) : (
                        '–'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
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
        Several signatures: while you rotate your secret, a delivery is signed with each secret that is active, and{' '}
        <code>{signing.signatureHeader}</code> carries them comma-separated (a header sent twice is the same list). The
        delivery is genuine when any one of them matches the signature you compute, each compared in constant time;
        reject one that carries more than {signing.maxSignatures}.
      </li>
      <li>
        A delivery more than {signing.toleranceSeconds} seconds from your clock is stale: reject it, so that a captured
        delivery cannot be replayed.
      </li>
      <li>
        The scheme: <Provenance provenance={signing.provenance} />.
      </li>
    </ul>
  );
}

function subscribeStorage(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The reader's chosen sample language, as the reference's samples keep it; null where storage is off. */
function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(sampleStorageKey);
  } catch {
    return null;
  }
}

/**
 * The handler in every sample language, one disclosure each, with the file to save it as and how to run it. The one
 * open is the reader's chosen language (the reference's samples share the choice: opening another here chooses it
 * there), the first language until the page has hydrated. Disclosures rather than tabs: the theme's tabs would add
 * their code to every page of the site, the reference's to its shared chunk.
 */
export function WebhookHandlers({ index }: { index: WebhookIndex }): ReactNode {
  // Read after hydration (the server knows no choice), and again when another tab chooses.
  const stored = useSyncExternalStore(subscribeStorage, storedLanguage, () => null);
  const [picked, setPicked] = useState<string | null>(null);
  if (index.handlers.length === 0) return null;
  const chosen = picked ?? stored;
  const open = index.handlers.some((handler) => handler.language === chosen) ? chosen : index.handlers[0].language;
  const choose = (language: string) => {
    setPicked(language);
    try {
      window.localStorage.setItem(sampleStorageKey, language);
    } catch {
      // Storage may be off (private mode): the choice then holds on this page only.
    }
  };
  return (
    // Ten programs would make the page one search hit in ten for its own words: search reads the prose around them.
    <div data-pagefind-ignore="all" data-handlers>
      {index.handlers.map((handler) => (
        <details
          key={handler.language}
          className={styles.handler}
          data-language={handler.language}
          open={handler.language === open}
          onToggle={(event) => {
            if (event.currentTarget.open && handler.language !== open) choose(handler.language);
          }}
        >
          <summary>
            <strong>{handler.label}</strong> <code>{handler.file}</code>
          </summary>
          <CodeBlock language={handler.prism} title={handler.file}>
            {handler.code}
          </CodeBlock>
          <p className={styles.run}>Run it: {handler.run}</p>
        </details>
      ))}
    </div>
  );
}
