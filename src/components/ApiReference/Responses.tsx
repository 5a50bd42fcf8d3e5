import type { ReactNode } from 'react';
import type { MediaView, RequestBodyView, ResponseView } from '@site/src/lib/openapi/view';
import JsonExample from './JsonExample';
import Markdown from '@site/src/components/Markdown';
import SchemaFields from './SchemaFields';
import styles from './styles.module.css';

function Media({ media, linkBase }: { media: MediaView; linkBase: string }): ReactNode {
  return (
    <div className={styles.media}>
      <p className={styles.note}>
        Content type: <code>{media.contentType}</code>
      </p>
      {media.schema && <SchemaFields node={media.schema} linkBase={linkBase} />}
      {media.example !== undefined && <JsonExample value={media.example} title="Example" />}
    </div>
  );
}

/** One response of an operation: its description, schema and example. The heading is in the page's Markdown. */
export function Response({ response, linkBase }: { response: ResponseView; linkBase: string }): ReactNode {
  return (
    <div data-response={response.status}>
      <Markdown text={response.description} />
      {response.contents.length === 0 && <p className={styles.note}>No response body is documented.</p>}
      {response.contents.map((media) => (
        <Media key={media.contentType} media={media} linkBase={linkBase} />
      ))}
    </div>
  );
}

export function RequestBody({ body, linkBase }: { body: RequestBodyView; linkBase: string }): ReactNode {
  return (
    <div>
      <p>
        {body.required ? 'Required.' : 'Optional.'}{' '}
        {body.contents.length > 1 &&
          `Send it as any of: ${body.contents.map((media) => media.contentType).join(', ')}.`}
      </p>
      <Markdown text={body.description} />
      {body.contents.map((media) => (
        <Media key={media.contentType} media={media} linkBase={linkBase} />
      ))}
    </div>
  );
}
