import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import Sentence from '@site/src/components/Sentence';
import type { ApiFacts, CallFact } from '@site/src/core/openapi/facts';
import type { SentencePart } from '@site/src/core/openapi/security';
import Markdown, { MarkdownTreesProvider } from '@site/src/components/Markdown';
import styles from './styles.module.css';
import { shellQuoted } from '@site/src/core/text/escape';

/**
 * Figures about an API for the hand-written pages, from the facts file the openapi-source plugin writes at build
 * (`@site/.generated/facts/<id>.json`): nothing here is typed by hand.
 */

/** A table in its own scroll box: on a narrow screen it scrolls, the page does not. */
function ScrollTable({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>{children}</table>
    </div>
  );
}

function show(value: number | undefined): string {
  return value === undefined ? '—' : String(value);
}

/** A sentence that starts a table cell: its first letter capitalized. */
function capitalized(parts: SentencePart[]): SentencePart[] {
  const [first, ...rest] = parts;
  return typeof first === 'string' ? [first.charAt(0).toUpperCase() + first.slice(1), ...rest] : parts;
}

/**
 * An API's overview, on authentication: the credential its calls take, as its document's security scheme says (where
 * it goes, how it is written), and the site's guide to getting one. Written from the record's kind of credential
 * before, it said `Authorization: Bearer` of an API whose document asks for an `X-API-Key` header.
 */
export function Authentication({ facts }: { facts: ApiFacts }): ReactNode {
  if (!facts.authentication) return <p>The calls of this API take no credential.</p>;
  return (
    <p data-authentication>
      Calls take <Sentence parts={facts.authentication} />
      {facts.credentialGuide ? (
        <>
          {' '}
          (
          <Link to={facts.credentialGuide.href}>
            {facts.credentialGuide.label.charAt(0).toLowerCase() + facts.credentialGuide.label.slice(1)}
          </Link>
          )
        </>
      ) : null}
      . Keep the credential on your server; where a call takes another one, or none, its page says so.
    </p>
  );
}

export function AtAGlance({ facts, reference }: { facts: ApiFacts; reference: string }): ReactNode {
  return (
    <ScrollTable>
      <tbody>
        <tr>
          <th scope="row">Base URL</th>
          <td>{facts.baseUrl ? <code>{facts.baseUrl}</code> : 'None: the document names no server'}</td>
        </tr>
        <tr>
          <th scope="row">Authentication</th>
          <td>{facts.authentication ? <Sentence parts={capitalized(facts.authentication)} /> : 'None'}</td>
        </tr>
        <tr>
          <th scope="row">Version</th>
          <td>{facts.version}</td>
        </tr>
        <tr>
          <th scope="row">Calls</th>
          <td>
            {facts.operationCount === 0 ? (
              // A document of only webhooks or only schemas says what it holds instead.
              'None: this document describes what the API sends and the shapes it uses, not calls you make'
            ) : (
              <>
                {facts.operationCount} (<Link to={reference}>single-page reference</Link>)
              </>
            )}
          </td>
        </tr>
        {facts.webhookCount > 0 && (
          <tr>
            <th scope="row">Webhooks</th>
            <td>{facts.webhookCount}</td>
          </tr>
        )}
        <tr>
          <th scope="row">Schemas</th>
          <td>{facts.schemaCount}</td>
        </tr>
      </tbody>
    </ScrollTable>
  );
}

export function ErrorTable({ facts }: { facts: ApiFacts }): ReactNode {
  return (
    <ScrollTable>
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Meaning</th>
        </tr>
      </thead>
      <tbody>
        {facts.errors.map((error) => (
          <tr key={error.status} data-status={error.status}>
            <td>
              <code>{error.status}</code>
            </td>
            <td>
              <MarkdownTreesProvider trees={facts.markdown}>
                <Markdown text={error.description} inline />
              </MarkdownTreesProvider>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

export function ErrorDescription({ facts, status }: { facts: ApiFacts; status: string }): ReactNode {
  const error = facts.errors.find((candidate) => candidate.status === status);
  if (!error) throw new Error(`ErrorDescription: the ${facts.id} document has no ${status} response`);
  return (
    <MarkdownTreesProvider trees={facts.markdown}>
      <Markdown text={error.description} inline />
    </MarkdownTreesProvider>
  );
}

/** The paging limits of every call that takes `limit`: maximum, default and the largest `offset`. */
export function PagingTable({ facts }: { facts: ApiFacts }): ReactNode {
  return (
    <ScrollTable>
      <thead>
        <tr>
          <th scope="col">Call</th>
          <th scope="col">limit max</th>
          <th scope="col">limit default</th>
          <th scope="col">offset max</th>
        </tr>
      </thead>
      <tbody>
        {facts.paging.map((call) => (
          <tr key={call.slug} data-call={call.path}>
            <td>
              <Link to={`${facts.linkBase}/${call.slug}`}>
                <code>{call.path}</code>
              </Link>
            </td>
            <td>{show(call.limitMaximum)}</td>
            <td>{show(call.limitDefault)}</td>
            <td>{call.offsetMaximum === undefined ? 'no maximum' : call.offsetMaximum}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Every call of the API, grouped by tag, linking to its page. */
export function CallList({ facts }: { facts: ApiFacts }): ReactNode {
  // Out of the search index (config/search.ts): every call has its own page there. At Microsoft Graph's size the list
  // made the overview's search fragment 90 KB, which any query the overview answered downloaded whole.
  return (
    <div data-search-skip>
      {facts.operations.map((group) => (
        <section key={group.tag} className={styles.group}>
          <h3 className={styles.groupTitle}>{group.tag}</h3>
          <ul>
            {group.calls.map((call) => (
              <li key={call.slug}>
                <Link to={`${facts.linkBase}/${call.slug}`}>{call.summary}</Link>{' '}
                <code>
                  {call.method.toUpperCase()} {call.path}
                </code>
                {call.deprecated && ' (deprecated)'}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function findCall(facts: ApiFacts, path: string, method: string): CallFact {
  const call = facts.operations.flatMap((group) => group.calls).find((c) => c.path === path && c.method === method);
  if (!call) throw new Error(`CallLink: the ${facts.id} document has no ${method.toUpperCase()} ${path}`);
  return call;
}

/** A link to a call's page, named by its method and path; the build fails if the document has no such call. */
export function CallLink({
  facts,
  path,
  method = 'get',
}: {
  facts: ApiFacts;
  path: string;
  method?: string;
}): ReactNode {
  const call = findCall(facts, path, method);
  return (
    <Link to={`${facts.linkBase}/${call.slug}`}>
      <code>
        {method.toUpperCase()} {path}
      </code>
    </Link>
  );
}

type PagingFigureName = 'limitMinimum' | 'limitMaximum' | 'limitDefault' | 'offsetMaximum';

/** One paging figure of one call, such as the largest `limit` of the player history call. */
export function PagingFigure({
  facts,
  path,
  figure,
}: {
  facts: ApiFacts;
  path: string;
  figure: PagingFigureName;
}): ReactNode {
  const call = facts.paging.find((candidate) => candidate.path === path);
  const value = call?.[figure];
  if (value === undefined) throw new Error(`PagingFigure: ${facts.id} ${path} has no ${figure}`);
  return <>{value}</>;
}

/** The length limit of a request body field, such as a chat message's `body`. */
export function BodyLimit({ facts, field }: { facts: ApiFacts; field: string }): ReactNode {
  const limit = facts.bodyLimits.find((candidate) => candidate.field === field);
  if (!limit) throw new Error(`BodyLimit: ${facts.id} has no length limit on a body field ${field}`);
  return <>{limit.maxLength.toLocaleString('en')}</>;
}

/** The two variables of an API's convention (config/apis.ts), as shell exports. */
function exports(facts: ApiFacts, credential: string): string[] {
  const environment = facts.environment;
  if (!environment) throw new Error(`EnvSetup: the facts of ${facts.id} name no environment variables`);
  return [
    // Quoted: a URL may hold `;` or `&` (legal in a path), which would end the command unquoted.
    `export ${environment.baseUrlVariable}=${shellQuoted(facts.baseUrl)}`,
    `export ${environment.credentialVariable}=${credential}`,
  ];
}

/**
 * The environment the guides' runnable samples read: each API's base URL from its document and its credential as a
 * placeholder, in the order given (the facts list, `.generated/facts/apis.json`, gives the registry's), and any body
 * limit a sample needs, named by the page (`limits={{ MESSAGE_MAX_LENGTH: 'body' }}`: the variable, then the field).
 */
export function EnvSetup({ apis, limits = {} }: { apis: ApiFacts[]; limits?: Record<string, string> }): ReactNode {
  const lines = [
    ...apis.flatMap((facts) => exports(facts, shellQuoted(`<your ${facts.credential}>`))),
    ...Object.entries(limits).map(([variable, field]) => {
      const limit = apis.flatMap((facts) => facts.bodyLimits).find((candidate) => candidate.field === field);
      // A sample that reads the variable would stop; the page fails at build instead.
      if (!limit) throw new Error(`EnvSetup: no API given has a length limit on a body field ${field}`);
      return `export ${variable}=${limit.maxLength}`;
    }),
  ];
  return (
    <CodeBlock language="bash" title="Environment of the samples">
      {/* APIs may share a variable (one API key for several): each is exported once. */}
      {[...new Set(lines)].join('\n')}
    </CodeBlock>
  );
}

/** Every API of the registry (the facts list), each with its summary, at a glance, and where to start reading. */
export function ApiList({ apis }: { apis: ApiFacts[] }): ReactNode {
  return apis.map(
    (facts) =>
      facts.site && (
        <section key={facts.id}>
          <Heading as="h3" id={facts.id}>
            {facts.site.name}
          </Heading>
          <p>{facts.site.description}</p>
          <AtAGlance facts={facts} reference={facts.site.reference} />
          <p>
            Start with the <Link to={facts.site.overview}>{facts.site.name} overview</Link>.
          </p>
        </section>
      ),
  );
}

/** The errors every API documents, a table each, in the registry's order. */
export function ErrorTables({ apis }: { apis: ApiFacts[] }): ReactNode {
  return apis.map((facts) => (
    <section key={facts.id}>
      <p>The {facts.site?.name ?? facts.title} documents these:</p>
      <ErrorTable facts={facts} />
    </section>
  ));
}

/** The single-page references of every API, as a sentence's list: "the Data API reference and the Chat API reference". */
export function ReferenceLinks({ apis }: { apis: ApiFacts[] }): ReactNode {
  const listed = apis.filter((facts) => facts.site);
  return listed.map((facts, index) => (
    <span key={facts.id}>
      {index === 0 ? '' : index === listed.length - 1 ? ' and ' : ', '}
      the <Link to={facts.site?.reference}>{facts.site?.name} reference</Link>
    </span>
  ));
}
