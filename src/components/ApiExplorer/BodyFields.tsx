import type { ReactNode } from 'react';
import { isMultipart } from '@site/src/core/openapi/request';
import type { OperationView } from '@site/src/core/openapi/view';
import type { Explorer } from './useExplorer';
import styles from './styles.module.css';

/** The request body as JSON, in the content type picked when the document offers several. */
export default function BodyFields({
  id,
  requestBody,
  explorer: { contentType, chooseContentType, bodyText, setBodyText },
}: {
  id: string;
  requestBody: NonNullable<OperationView['requestBody']>;
  explorer: Explorer;
}): ReactNode {
  const media = requestBody.contents;
  return (
    <>
      {media.length > 1 && (
        <div className={styles.row}>
          <label htmlFor={`${id}-content-type`}>Body content type</label>
          <select
            id={`${id}-content-type`}
            value={contentType}
            onChange={(event) => chooseContentType(event.target.value)}
          >
            {media.map((candidate) => (
              <option key={candidate.contentType} value={candidate.contentType}>
                {candidate.contentType}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.row}>
        <label htmlFor={`${id}-body`}>
          {isMultipart(contentType)
            ? 'Form fields (JSON; a file field’s text is sent as the file)'
            : `Request body (JSON${media.length > 1 ? '; sent in the chosen content type' : ''})`}
        </label>
        <textarea id={`${id}-body`} rows={6} value={bodyText} onChange={(event) => setBodyText(event.target.value)} />
      </div>
    </>
  );
}
