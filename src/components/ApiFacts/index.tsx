import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { ApiFacts } from '@site/src/lib/openapi/facts';
import Markdown from '@site/src/components/ApiReference/Markdown';
import styles from './styles.module.css';

/**
 * Figures about an API for the hand-written pages, from the facts file the openapi-source plugin writes at build
 * (`@site/.generated/facts/<id>.json`): nothing here is typed by hand.
 */

function show(value: number | undefined): string {
  return value === undefined ? '—' : String(value);
}

export function AtAGlance({ facts, reference }: { facts: ApiFacts; reference: string }): ReactNode {
  return (
    <table className={styles.table}>
      <tbody>
        <tr>
          <th scope="row">Base URL</th>
          <td>
            <code>{facts.baseUrl}</code>
          </td>
        </tr>
        <tr>
          <th scope="row">Authentication</th>
          <td>
            {facts.credential} in the <code>Authorization</code> header, as{' '}
            <code>Bearer &lt;{facts.credential.toLowerCase()}&gt;</code>
          </td>
        </tr>
        <tr>
          <th scope="row">Version</th>
          <td>{facts.version}</td>
        </tr>
        <tr>
          <th scope="row">Calls</th>
          <td>
            {facts.operationCount} (<Link to={reference}>single-page reference</Link>)
          </td>
        </tr>
        <tr>
          <th scope="row">Schemas</th>
          <td>{facts.schemaCount}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function ErrorTable({ facts }: { facts: ApiFacts }): ReactNode {
  return (
    <table className={styles.table}>
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
              <Markdown text={error.description} inline />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ErrorDescription({ facts, status }: { facts: ApiFacts; status: string }): ReactNode {
  const error = facts.errors.find((candidate) => candidate.status === status);
  if (!error) throw new Error(`ErrorDescription: the ${facts.id} document has no ${status} response`);
  return <Markdown text={error.description} inline />;
}

/** The paging limits of every call that takes `limit`: maximum, default and the largest `offset`. */
export function PagingTable({ facts }: { facts: ApiFacts }): ReactNode {
  return (
    <table className={styles.table}>
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
    </table>
  );
}

/** Every call of the API, grouped by tag, linking to its page. */
export function CallList({ facts }: { facts: ApiFacts }): ReactNode {
  return (
    <>
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
    </>
  );
}
