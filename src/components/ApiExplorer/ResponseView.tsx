import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import type { Outcome } from './send';
import styles from './styles.module.css';

/** What came of the last Send: why nothing was sent, the request on its way, no answer, or the answer. */
export default function ResponseView({ outcome }: { outcome: Outcome }): ReactNode {
  switch (outcome.kind) {
    case 'none':
      return null;
    case 'invalid':
      return (
        <div className="alert alert--danger" role="alert">
          <p>The request was not sent:</p>
          <ul>
            {outcome.problems.map((problem) => (
              <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      );
    case 'sending':
      return <p role="status">Sending to {outcome.url}…</p>;
    case 'error':
      return (
        <div className="alert alert--danger" role="alert">
          <p>
            The request to <code>{outcome.url}</code> got no response: {outcome.message}. A local mock must be running (
            <code>npm run mock</code>); another server must allow requests from this site (CORS).
          </p>
        </div>
      );
    case 'response':
      return (
        <div className={styles.response} aria-live="polite">
          <p role="status">
            <strong>
              {outcome.status} {outcome.statusText}
            </strong>{' '}
            from <code>{outcome.url}</code> in {outcome.millis} ms
          </p>
          {outcome.headers.length > 0 && (
            <details className={styles.headers}>
              <summary>Response headers ({outcome.headers.length})</summary>
              <dl>
                {outcome.headers.map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
          {outcome.body !== '' && (
            <CodeBlock language={outcome.contentType.includes('json') ? 'json' : 'text'} title="Response body">
              {outcome.body}
            </CodeBlock>
          )}
          {outcome.note && <p className={styles.hint}>{outcome.note}</p>}
        </div>
      );
  }
}
