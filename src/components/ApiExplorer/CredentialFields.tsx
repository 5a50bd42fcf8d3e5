import { lazy, Suspense, type ReactNode } from 'react';
import type { OperationView } from '@site/src/core/openapi/view';
import { credentialWhere } from '@site/src/core/openapi/security';
import Sentence from '@site/src/components/Sentence';
import { tokenFlow } from './send';
import type { Explorer } from './useExplorer';
import styles from './styles.module.css';

/**
 * The OAuth2 sign-in, in a chunk of its own loaded once the page has hydrated, and only where a call has an OAuth2
 * flow Try it can run (authorization code, client credentials): the API key pages, most of the reference, never
 * carry it (the operation page's weight budget is a ratio to a guide's).
 */
const SignIn = lazy(() => import('./SignIn'));

/**
 * How the call is authenticated: the way picked when the document offers several, then a field for each scheme's
 * credential, kept in the tab, or its sign-in, whose token stands in for the field.
 */
export default function CredentialFields({
  id,
  operation,
  signInOrigins,
  explorer,
}: {
  id: string;
  operation: OperationView;
  signInOrigins: readonly string[];
  explorer: Explorer;
}): ReactNode {
  const { choices, choice, chooseSecurity, security, credentials, setCredential, signedInFor, requestUrl } = explorer;
  return (
    <>
      {choices.length > 1 && (
        <div className={styles.row}>
          <label htmlFor={`${id}-security`}>
            Authenticate with<span className={styles.hint}> the call takes any one of these</span>
          </label>
          <select id={`${id}-security`} value={choice} onChange={(event) => chooseSecurity(Number(event.target.value))}>
            {choices.map((option, index) => (
              <option key={option.label} value={index}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {security.map((scheme, index) => {
        const inputId = index === 0 ? `${id}-credential` : `${id}-credential-${index + 1}`;
        const signIn =
          (tokenFlow(scheme) ?? scheme.deviceAuthorization) && explorer.hydrated ? (
            <Suspense key={`${scheme.name}-sign-in`} fallback={null}>
              <SignIn
                api={operation.api}
                scheme={scheme}
                serverUrl={requestUrl}
                signInOrigins={signInOrigins}
                draft={explorer.draft}
                restore={explorer.restore}
              />
            </Suspense>
          ) : null;
        // One tree whether signed in or not (the field is left out when a token stands in for it), so the sign-in
        // keeps its state, such as what Sign out answered, across the change.
        return (
          <div className={styles.row} key={scheme.name}>
            {!signedInFor(scheme) && (
              <>
                <label htmlFor={inputId}>
                  {scheme.credential}
                  <span className={styles.hint}>
                    {' '}
                    <Sentence parts={credentialWhere(scheme)} />
                  </span>
                </label>
                <input
                  id={inputId}
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  value={credentials[index] ?? ''}
                  placeholder={`Your ${scheme.credential}, kept in this tab only`}
                  onChange={(event) => setCredential(scheme, event.target.value)}
                />
              </>
            )}
            {signIn}
          </div>
        );
      })}
    </>
  );
}
