import type { ReactNode } from 'react';
import type { CodeSample } from '@site/src/lib/openapi/samples';
import type { MediaView, OperationView, ResponseView } from '@site/src/lib/openapi/view';
import Markdown from '@site/src/components/Markdown';
import CodeSamples from './CodeSamples';
import OperationSummary from './OperationSummary';
import Parameters from './Parameters';
import ResponseExamples from './ResponseExamples';
import SchemaFields, { type SchemaMap } from './SchemaFields';
import SectionHeading, { AnchorLink, type HeadingLevel } from './SectionHeading';
import { anchorId } from './anchors';
import styles from './styles.module.css';

export interface OperationReferenceProps {
  operation: OperationView;
  samples: CodeSample[];
  /** Named schemas the call reaches, so nested objects open in place. */
  schemas: SchemaMap;
  /** Route of the API's reference folder (`/docs/data-api`), for links to schema pages. */
  linkBase: string;
  /** Level of the section headings: 2 on the call's own page, lower under a tag and a call on the single page. */
  level?: HeadingLevel;
  /** Prefix of every id on a page of many calls (the call's slug); none on the call's own page. */
  idPrefix?: string;
  /** Build only the chosen sample language and response status, long examples as previews (the single page, where
   * hundreds of calls would otherwise build every sample and example). */
  lazySamples?: boolean;
  /** Shown in the right column under the request sample: the request explorer on the call's own page. */
  children?: ReactNode;
}

function sub(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel;
}

function ResponseSection({
  response,
  level,
  idPrefix,
  linkBase,
  schemas,
}: {
  response: ResponseView;
  level: HeadingLevel;
  idPrefix?: string;
  linkBase: string;
  schemas: SchemaMap;
}): ReactNode {
  const id = anchorId(idPrefix, 'response', response.status);
  return (
    <section data-response={response.status} className={styles.response}>
      <SectionHeading level={sub(level)} id={id}>
        <span className={styles.status} data-status-class={response.status.charAt(0)}>
          {response.status}
        </span>
      </SectionHeading>
      <Markdown text={response.description} />
      <MediaFields contents={response.contents} linkBase={linkBase} schemas={schemas} idBase={id} />
    </section>
  );
}

/** The fields of a body in each of its content types. */
function MediaFields({
  contents,
  linkBase,
  schemas,
  idBase,
}: {
  contents: MediaView[];
  linkBase: string;
  schemas: SchemaMap;
  idBase: string;
}): ReactNode {
  return contents.map((media) => (
    <div key={media.contentType}>
      <p className={styles.note}>
        Content type: <code>{media.contentType}</code>
      </p>
      {media.schema && <SchemaFields node={media.schema} linkBase={linkBase} schemas={schemas} idBase={idBase} />}
    </div>
  ));
}

/**
 * Statuses without a documented body (most errors), one line each: the status, with its anchor, and what it means.
 */
function BodilessResponses({ responses, idPrefix }: { responses: ResponseView[]; idPrefix?: string }): ReactNode {
  if (responses.length === 0) return null;
  return (
    <ul className={styles.bodiless}>
      {responses.map((response) => {
        const id = anchorId(idPrefix, 'response', response.status);
        return (
          <li key={response.status} id={id} data-response={response.status} className={styles.response}>
            <span className={styles.status} data-status-class={response.status.charAt(0)}>
              {response.status}
            </span>
            <AnchorLink id={id} label={`status ${response.status}`} /> <Markdown text={response.description} inline />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One call, in the one design used wherever a call is shown: on wide screens the description, parameters, body and
 * responses on the left and a sticky column on the right with the request sample, the explorer (on the call's own
 * page) and the response example of each status; below 996 px one column, samples first after the description.
 */
export default function OperationReference(props: OperationReferenceProps): ReactNode {
  const { operation, samples, schemas, linkBase, idPrefix, lazySamples, children } = props;
  const level = props.level ?? 2;
  const body = operation.requestBody;
  return (
    <div className={styles.operation} data-operation={operation.slug}>
      <div className={styles.operationSummary}>
        <OperationSummary operation={operation} />
      </div>
      <aside className={styles.operationAside} aria-label={`Examples of ${operation.summary}`}>
        <div className={styles.panel}>
          <p className={styles.panelTitle}>Request</p>
          <CodeSamples samples={samples} lazy={lazySamples} />
        </div>
        {children}
        <div className={styles.panel}>
          <p className={styles.panelTitle}>Response</p>
          <ResponseExamples responses={operation.responses} lazy={lazySamples} />
        </div>
      </aside>
      <div className={styles.operationMain}>
        <SectionHeading level={level} id={anchorId(idPrefix, 'parameters')}>
          Parameters
        </SectionHeading>
        <Parameters parameters={operation.parameters} idPrefix={idPrefix} />
        {body && (
          <>
            <SectionHeading level={level} id={anchorId(idPrefix, 'request-body')}>
              Request body
            </SectionHeading>
            <p>
              {body.required ? 'Required.' : 'Optional.'}{' '}
              {body.contents.length > 1 &&
                `Send it as any of: ${body.contents.map((media) => media.contentType).join(', ')}.`}
            </p>
            <Markdown text={body.description} />
            <MediaFields
              contents={body.contents}
              linkBase={linkBase}
              schemas={schemas}
              idBase={anchorId(idPrefix, 'body')}
            />
          </>
        )}
        <SectionHeading level={level} id={anchorId(idPrefix, 'responses')}>
          Responses
        </SectionHeading>
        {operation.responses
          .filter((response) => response.contents.length > 0)
          .map((response) => (
            <ResponseSection
              key={response.status}
              response={response}
              level={level}
              idPrefix={idPrefix}
              linkBase={linkBase}
              schemas={schemas}
            />
          ))}
        <BodilessResponses
          responses={operation.responses.filter((response) => response.contents.length === 0)}
          idPrefix={idPrefix}
        />
      </div>
    </div>
  );
}
