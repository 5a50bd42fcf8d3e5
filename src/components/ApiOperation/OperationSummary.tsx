import type { HeadingLevel } from './SectionHeading';
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { isTrustedServer } from '@site/src/core/openapi/servers';
import type { OperationView, SecurityView } from '@site/src/core/openapi/view';
import { credentialGuide, credentialSentence, requiredSecurity } from '@site/src/core/openapi/security';
import Sentence from '@site/src/components/Sentence';
import Markdown from '@site/src/components/Markdown';
import PathText from './PathText';
import PostmanLink, { usePostmanCollection } from './PostmanLink';
import styles from './styles.module.css';

/** The collection with this call, for readers who test in Postman; nothing when there is none. */
function PostmanItem({ api }: { api: string }): ReactNode {
  if (!usePostmanCollection(api)) return null;
  return (
    <li data-postman>
      In Postman: import <PostmanLink api={api}>the API&apos;s collection</PostmanLink>.
    </li>
  );
}

/**
 * Method, path, server and credential of an operation: what a reader needs to call it. The server is the first on
 * one of the API's own hosts, the one the samples and Try it call; servers elsewhere that the document names are
 * listed as such, never as where to send a credential.
 */
/** The site's guide to getting the credential of the first scheme, where it has one. */
function guide(security: SecurityView | undefined): ReactNode {
  const found = credentialGuide(security);
  return found ? <Link to={found.href}>{found.label}</Link> : null;
}

export default function OperationSummary({
  operation,
  trustedOrigins,
  headings,
}: {
  operation: OperationView;
  trustedOrigins: readonly string[];
  /** Level of the description's own headings: the level of the call's sections. */
  headings?: HeadingLevel;
}): ReactNode {
  const server = operation.servers.find((candidate) => isTrustedServer(candidate.url, trustedOrigins));
  const elsewhere = operation.servers.filter((candidate) => !isTrustedServer(candidate.url, trustedOrigins));
  const required = requiredSecurity(operation);
  const optional = operation.securityOptional === true;
  return (
    <div className={styles.summary}>
      <p className={styles.endpoint}>
        <span className={`${styles.method} ${styles[`method_${operation.method}`] ?? ''}`}>
          {operation.method.toUpperCase()}
        </span>{' '}
        <PathText path={operation.path} className={styles.path} />
      </p>
      {operation.deprecated && (
        <div className="alert alert--warning" role="note">
          This call is deprecated: it still answers, but new integrations should not use it.
        </div>
      )}
      <Markdown text={operation.description} headings={headings} />
      <ul className={styles.facts} data-search-skip>
        {server && (
          <li data-server>
            Server: <code>{server.template ?? server.url}</code>
            {server.description ? ` (${server.description})` : ''}
            {server.variables && (
              <>
                , with {server.variables.length === 1 ? 'a variable' : 'variables'} the samples and Try it fill:
                <ul>
                  {server.variables.map((variable) => (
                    <li key={variable.name} data-server-variable={variable.name}>
                      <code>{variable.name}</code>: default <code>{variable.default}</code>
                      {variable.enum && (
                        <>
                          , one of{' '}
                          {variable.enum.map((value, index) => (
                            <span key={value}>
                              {index > 0 && ', '}
                              <code>{value}</code>
                            </span>
                          ))}
                        </>
                      )}
                      {variable.description ? `. ${variable.description}` : ''}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        )}
        {!server && operation.hostlessServers && (
          <li data-server>
            Server: <code>{operation.hostlessServers[0]}</code> on the API&apos;s own host: the document names no host,
            so the samples and Try it call the local mock until the base URL variable names the API&apos;s address.
          </li>
        )}
        {elsewhere.length > 0 && (
          <li data-foreign-servers>
            Also named by the document, on hosts that are not this API&apos;s (the samples and Try it do not call them):{' '}
            {elsewhere.map((candidate, index) => (
              <span key={candidate.url}>
                {index > 0 && ', '}
                <code>{candidate.url}</code>
              </span>
            ))}
            .
          </li>
        )}
        {required.map((alternative, index) => (
          <li key={alternative.map((security) => security.name).join(' ')} data-security>
            {index === 0 ? 'Authentication' : 'Or'}:{' '}
            {alternative.map((security, position) => (
              <span key={security.name}>
                {position > 0 && ' and '}
                <Sentence parts={credentialSentence(security)} />
                {security.deprecated && ` (the ${security.name} scheme is deprecated)`}
              </span>
            ))}
            . {index === 0 && guide(alternative[0])}
          </li>
        ))}
        {required.length > 0 && optional && <li>Or no credential: it is optional on this call.</li>}
        {required.length === 0 && <li>Authentication: none.</li>}
        <PostmanItem api={operation.api} />
      </ul>
    </div>
  );
}
