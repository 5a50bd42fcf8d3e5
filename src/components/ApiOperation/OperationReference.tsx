import { useMemo, useState, type ReactNode } from 'react';
import { codeSamples, sampleServer, type SampleLanguage, type SampleSettings } from '@site/src/core/samples';
import type { OperationBadges } from '@site/src/core/changelog';
import type { LinkView, OperationView, ResponseView } from '@site/src/core/openapi/view';
import Link from '@docusaurus/Link';
import ChangedBadge from './ChangedBadge';
import Markdown from '@site/src/components/Markdown';
import CodeSamples from './CodeSamples';
import OperationSummary from './OperationSummary';
import Parameters from './Parameters';
import ResponseExamples from './ResponseExamples';
import { SchemaFilesProvider, type SchemaMap } from './SchemaFields';
import MediaFields from './MediaFields';
import { Callbacks } from './SentRequest';
import SectionHeading, { AnchorLink, type HeadingLevel } from './SectionHeading';
import { anchorId } from '../../core/openapi/anchors';
import { RequestDraftContext, type RequestDraft } from './requestDraft';
import styles from './styles.module.css';

export interface OperationReferenceProps {
  operation: OperationView;
  /** How the request samples are written: the site's environment convention and the fallback server. */
  samples: SampleSettings;
  /** Named schemas the page carries: every one the call reaches (single page), or those its trees show open. */
  schemas: SchemaMap;
  /** Route of the schema files the page fetches the others from, when it does not carry them all. */
  schemaFiles?: string;
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
  /** "Changed" badges of the call and its parameters, from changelog entries of the last 90 days. */
  changed?: OperationBadges;
}

/**
 * Error statuses read the same on every call ("429 Too many requests"): search leaves them out, so a query for a
 * status finds the page that explains it (the overview's errors and rate limits), not every call.
 */
function isError(response: ResponseView): boolean {
  return !/^[123]/.test(response.status);
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
    <section
      data-response={response.status}
      data-search-skip={isError(response) || undefined}
      className={styles.response}
    >
      <SectionHeading level={sub(level)} id={id}>
        <span className={styles.status} data-status-class={response.status.charAt(0)}>
          {response.status}
        </span>
      </SectionHeading>
      <Markdown text={response.description} />
      <MediaFields contents={response.contents} linkBase={linkBase} schemas={schemas} idBase={id} />
      <ResponseLinks links={response.links} linkBase={linkBase} />
    </section>
  );
}

/**
 * A response's links (OpenAPI Link Objects): the call each leads to, linked to its page when it is one of this
 * API's, and where each of that call's parameters takes its value from this response.
 */
function ResponseLinks({
  links,
  linkBase,
  skip,
}: {
  links?: LinkView[];
  linkBase: string;
  /** Left out of search with its error (a `<div>`: its end tag stays in the minified page). */
  skip?: boolean;
}): ReactNode {
  if (!links || links.length === 0) return null;
  return (
    <div className={styles.links} data-response-links data-search-skip={skip || undefined}>
      <p className={styles.note}>Leads to:</p>
      <ul>
        {links.map((link) => (
          <li key={link.name} data-link={link.name}>
            {link.target ? (
              <Link to={`${linkBase}/${link.target.slug}`}>{link.target.summary}</Link>
            ) : (
              <code>{link.unresolved}</code>
            )}{' '}
            ({link.name})
            {link.parameters.length > 0 && (
              <>
                , with{' '}
                {link.parameters.map((parameter, index) => (
                  <span key={parameter.name}>
                    {index > 0 && ', '}
                    <code>{parameter.name}</code> from <code>{parameter.value}</code>
                  </span>
                ))}
              </>
            )}
            {link.description && <Markdown text={link.description} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Statuses without a documented body (most errors), one line each: the status, with its anchor, and what it means.
 */
function BodilessResponses({
  responses,
  idPrefix,
  linkBase,
}: {
  responses: ResponseView[];
  idPrefix?: string;
  linkBase: string;
}): ReactNode {
  if (responses.length === 0) return null;
  return (
    <ul className={styles.bodiless}>
      {responses.map((response) => {
        const id = anchorId(idPrefix, 'response', response.status);
        // An error is not searched (as in ResponseSection). The mark is on a span inside the item, not on the item:
        // the minified page leaves out `</li>`, and Pagefind would then leave out the items after it as well.
        return (
          <li key={response.status} id={id} data-response={response.status} className={styles.response}>
            <span className={styles.responseLine} data-search-skip={isError(response) || undefined}>
              <span className={styles.status} data-status-class={response.status.charAt(0)}>
                {response.status}
              </span>
              <AnchorLink id={id} label={`status ${response.status}`} /> <Markdown text={response.description} inline />
            </span>
            <ResponseLinks links={response.links} linkBase={linkBase} skip={isError(response)} />
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
  const { operation, samples, schemas, schemaFiles, linkBase, idPrefix, lazySamples, children, changed } = props;
  const level = props.level ?? 2;
  const body = operation.requestBody;
  // The explorer (a child) publishes what the reader types; until then the samples use the document's examples.
  const [draft, setDraft] = useState<RequestDraft>();
  const slot = useMemo(() => ({ draft, setDraft }), [draft]);
  const write = useMemo(
    () => (only?: readonly SampleLanguage[]) =>
      codeSamples(
        operation,
        {
          credentialVariable: samples.credentialVariable,
          baseUrlVariable: samples.baseUrlVariable,
          serverUrl: sampleServer(operation, samples, draft?.serverUrl),
          values: draft?.values,
          body: draft ? draft.body : undefined,
        },
        only,
      ),
    [operation, samples, draft],
  );
  return (
    <RequestDraftContext.Provider value={slot}>
      <SchemaFilesProvider files={schemaFiles}>
        <div className={styles.operation} data-operation={operation.slug}>
          <div className={styles.operationSummary}>
            {changed?.operation && (
              <p className={styles.changedLine}>
                <ChangedBadge badge={changed.operation} label={operation.summary} />
              </p>
            )}
            <OperationSummary operation={operation} trustedOrigins={samples.trustedOrigins} headings={level} />
          </div>
          <aside className={styles.operationAside} data-search-skip aria-label={`Examples of ${operation.summary}`}>
            <div className={styles.panel}>
              <p className={styles.panelTitle}>Request</p>
              <CodeSamples write={write} documentSamples={operation.documentSamples} lazy={lazySamples} />
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
            <Parameters parameters={operation.parameters} idPrefix={idPrefix} changed={changed?.parameters} />
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
                  examples
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
              linkBase={linkBase}
            />
            <Callbacks callbacks={operation.callbacks} {...{ level, idPrefix, linkBase, schemas }} />
          </div>
        </div>
      </SchemaFilesProvider>
    </RequestDraftContext.Provider>
  );
}
