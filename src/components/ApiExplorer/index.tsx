import { useId, type ReactNode } from 'react';
import type { ListedServer } from '@site/src/core/openapi/servers';
import type { OperationView } from '@site/src/core/openapi/view';
import BodyFields from './BodyFields';
import CredentialFields from './CredentialFields';
import ParameterFields from './ParameterFields';
import ResponseView from './ResponseView';
import ServerFields from './ServerFields';
import { useExplorer } from './useExplorer';
import styles from './styles.module.css';

interface Props {
  operation: OperationView;
  servers: ListedServer[];
  /**
   * The origins an OAuth2 sign-in's authorization page may be on: the API record's sign-in hosts (src/build/hosts.ts).
   * Left out, none: Try it signs in only at the local mock.
   */
  signInOrigins?: readonly string[];
}

const noOrigins: readonly string[] = [];

/**
 * Sends one operation to the server the reader picks. The credential lives in sessionStorage only and goes in the
 * Authorization header of requests to that server, nowhere else; the document's limits are checked before sending.
 */
export default function ApiExplorer({ operation, servers, signInOrigins = noOrigins }: Props): ReactNode {
  const id = useId();
  const explorer = useExplorer(operation, servers);
  const { outcome } = explorer;
  return (
    <form className={styles.explorer} onSubmit={explorer.submit} noValidate aria-label="Request explorer">
      {/* The Send button heads the form, as in an HTTP client's address bar: it stays in view however many inputs follow. */}
      <div className={styles.head}>
        <p className={styles.title}>Try it</p>
        <button type="submit" className="button button--primary button--sm" disabled={outcome.kind === 'sending'}>
          Send request
        </button>
      </div>
      <p className={styles.hint}>
        To the production server with your own credential, or to the local mock (<code>npm run mock</code> in a clone of
        the portal) with any API key, or a token from its own sign-in. Limits are checked before anything is sent.
      </p>
      <ServerFields id={id} servers={servers} explorer={explorer} />
      <CredentialFields id={id} operation={operation} signInOrigins={signInOrigins} explorer={explorer} />
      <ParameterFields
        id={id}
        parameters={operation.parameters}
        inputs={explorer.inputs}
        setInput={explorer.setInput}
      />
      {operation.requestBody && <BodyFields id={id} requestBody={operation.requestBody} explorer={explorer} />}
      {/* Keyed by kind, so a new kind of outcome is a new element: an alert after another is announced afresh. */}
      <ResponseView key={outcome.kind} outcome={outcome} />
    </form>
  );
}
