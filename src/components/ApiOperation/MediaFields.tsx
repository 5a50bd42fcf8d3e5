import type { ReactNode } from 'react';
import { encodedExample } from '@site/src/core/openapi/request';
import type { MediaView } from '@site/src/core/openapi/view';
import Code from './Code';
import SchemaFields, { type SchemaMap } from './SchemaFields';
import styles from './styles.module.css';

/**
 * A body's media types: those with the same schema share one field list (one set of anchors). With `examples` (a
 * request body; responses show theirs beside the call), each example in its own encoding, a form as
 * `name=value&…`, not as a copy of the JSON.
 */
export default function MediaFields({
  contents,
  linkBase,
  schemas,
  idBase,
  examples = false,
}: {
  contents: MediaView[];
  linkBase: string;
  schemas: SchemaMap;
  idBase: string;
  examples?: boolean;
}): ReactNode {
  const groups = new Map<string, MediaView[]>();
  for (const media of contents) {
    const key = JSON.stringify([media.schema ?? null, media.streamed ?? false]);
    groups.set(key, [...(groups.get(key) ?? []), media]);
  }
  return [...groups.values()].map((group, index) => (
    <div key={group[0].contentType}>
      <p className={styles.note}>
        {/* Not searched: nearly every call says `application/json`, so at Microsoft Graph's size these words were
            on nearly 12,000 pages, much of what a query for "type", "content" or "application" downloads. */}
        <span data-search-skip>
          Content type:{' '}
          {group.map((media, position) => (
            <span key={media.contentType}>
              {position > 0 && ' or '}
              <code>{media.contentType}</code>
            </span>
          ))}
        </span>
        {group[0].streamed && '. A stream: the items arrive one at a time as the server sends them, each of this shape'}
      </p>
      {group[0].schema && (
        <SchemaFields
          node={group[0].schema}
          linkBase={linkBase}
          schemas={schemas}
          idBase={index === 0 ? idBase : `${idBase}-${index + 1}`}
        />
      )}
      {group.map((media) =>
        !examples || media.example === undefined ? null : (
          <Code
            key={media.contentType}
            title={`Example, ${media.contentType}`}
            code={encodedExample(media.contentType, media.example)}
            language={media.contentType.includes('json') ? 'json' : 'text'}
          />
        ),
      )}
    </div>
  ));
}
