import type { ReactNode } from 'react';
import type { CallbackView, OperationView } from '@site/src/core/openapi/view';
import Markdown from '@site/src/components/Markdown';
import MediaFields from './MediaFields';
import type { SchemaMap } from './SchemaFields';
import SectionHeading, { type HeadingLevel } from './SectionHeading';
import { anchorId } from '../../core/openapi/anchors';
import styles from './styles.module.css';

function sub(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel;
}

/**
 * A request the API sends to the reader's server (a callback or a webhook): what it says, the body it sends with
 * its fields and example, and the answers it expects. `id` is the anchor its body's fields hang from.
 */
export function SentRequest({
  sent,
  id,
  linkBase,
  schemas,
  intro,
}: {
  sent: OperationView;
  id: string;
  linkBase: string;
  schemas: SchemaMap;
  /** Shown after what the request says and before its body (a webhook page's details and headers). */
  intro?: ReactNode;
}): ReactNode {
  return (
    <>
      {sent.deprecated && <p className={styles.note}>Deprecated: the API may stop sending it.</p>}
      {sent.description ? (
        <Markdown text={sent.description} />
      ) : (
        // A summary is plain text (OpenAPI says so of `summary`), shown when the call says no more.
        sent.summary !== `${sent.method.toUpperCase()} ${sent.path}` && <p>{sent.summary}</p>
      )}
      {intro}
      {sent.requestBody && (
        <>
          <p>The body it sends{sent.requestBody.required ? '' : ' (it may send none)'}:</p>
          <Markdown text={sent.requestBody.description} />
          <MediaFields
            examples
            contents={sent.requestBody.contents}
            linkBase={linkBase}
            schemas={schemas}
            idBase={anchorId(id, 'body')}
          />
        </>
      )}
      {sent.responses.length > 0 && (
        <>
          <p>What your server answers:</p>
          <ul>
            {sent.responses.map((response) => (
              <li key={response.status}>
                <span className={styles.status} data-status-class={response.status.charAt(0)}>
                  {response.status}
                </span>{' '}
                <Markdown text={response.description} inline />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * The requests the API sends to the reader's server after a call (OpenAPI callbacks), each with the URL's runtime
 * expression, its body's fields and the answers the API expects: the same components as a call's own.
 */
export function Callbacks({
  callbacks,
  level,
  idPrefix,
  linkBase,
  schemas,
}: {
  callbacks?: CallbackView[];
  level: HeadingLevel;
  idPrefix?: string;
  linkBase: string;
  schemas: SchemaMap;
}): ReactNode {
  if (!callbacks || callbacks.length === 0) return null;
  return (
    <>
      <SectionHeading level={level} id={anchorId(idPrefix, 'callbacks')}>
        Callbacks
      </SectionHeading>
      <p>Requests the API sends to your server after this call, at the address the expression reads.</p>
      {callbacks.flatMap((callback) =>
        callback.operations.map((sent) => {
          const id = anchorId(idPrefix, 'callback', callback.name, sent.method);
          return (
            <section key={`${callback.name} ${callback.expression} ${sent.method}`} data-callback={callback.name}>
              <SectionHeading level={sub(level)} id={id}>
                {callback.name}: {sent.method.toUpperCase()} <code>{callback.expression}</code>
              </SectionHeading>
              <SentRequest sent={sent} id={id} linkBase={linkBase} schemas={schemas} />
            </section>
          );
        }),
      )}
    </>
  );
}
