import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { demoOAuthClientId } from '@site/config/mock';
import {
  callbackRoute,
  flowEndpoints,
  flowProblem,
  pendingKey,
  resultKey,
  tokenEndpointProblem,
  type PendingSignIn,
} from '@site/src/core/oauth/flow';
import { maskedToken, readToken, subscribeToTokens, writeToken } from '@site/src/core/oauth/tokens';
import type { SecurityView } from '@site/src/core/openapi/view';
import { readCredential, subscribeToCredentials, writeCredential } from './storage';
import styles from './styles.module.css';

interface Props {
  api: string;
  scheme: SecurityView;
  /** The server the call goes to: the local mock signs in at its own OAuth2 server. */
  serverUrl: string;
  /**
   * The origins the sign-in's authorization page may be on: the API record's sign-in hosts (`signInHosts` in
   * config/apis.ts, by default its own hosts). A document naming another is refused, with why.
   */
  signInOrigins: readonly string[];
  /** What the reader typed, kept when the sign-in leaves the page. */
  draft: () => Record<string, unknown>;
  /** Puts back what the reader had typed, after a sign-in that left the page. */
  restore: (draft: Record<string, unknown>) => void;
}

const signInModule = () => import('@site/src/core/oauth/signIn');

function isLocal(serverUrl: string): boolean {
  try {
    return ['127.0.0.1', 'localhost'].includes(new URL(serverUrl).hostname);
  } catch {
    return false;
  }
}

/**
 * A token for an OAuth2 scheme: "Sign in" (authorization code with PKCE, in a popup or by leaving the page) or "Get
 * token" (client credentials, with the reader's secret), with the reader's client id (kept like a credential) and the
 * document's scopes. Once signed in, the token is shown masked with its expiry and scopes; "Sign out" revokes it
 * where the provider can, and forgets it.
 */
export default function SignIn({ api, scheme, serverUrl, signInOrigins, draft, restore }: Props): ReactNode {
  const id = useId();
  // The scheme's flows Try it can run: a player's sign-in (authorization code), an application's own token (client
  // credentials); the reader picks when the document declares both.
  const kinds = [
    ...(scheme.authorizationCode ? (['authorizationCode'] as const) : []),
    ...(scheme.clientCredentials ? (['clientCredentials'] as const) : []),
  ];
  const [kind, setKind] = useState(kinds[0]);
  const flow = kind === 'clientCredentials' ? scheme.clientCredentials : scheme.authorizationCode;
  // The client secret lives in this component only, for the token request: never stored.
  const [clientSecret, setClientSecret] = useState('');
  const clientKey = `${scheme.name}:client-id`;
  const storedClientId = useSyncExternalStore(
    subscribeToCredentials,
    () => readCredential(window.sessionStorage, api, clientKey),
    () => '',
  );
  const local = isLocal(serverUrl);
  const clientId = storedClientId || (local ? demoOAuthClientId : '');
  const token = useSyncExternalStore(
    subscribeToTokens,
    () => readToken(api, scheme.name),
    () => undefined,
  );
  const [scopes, setScopes] = useState<string[]>(scheme.scopes);
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [signedOut, setSignedOut] = useState('');
  const callbackUrl = useBaseUrl(`/${callbackRoute}`, { absolute: false });

  // A sign-in that left the page finishes here when the reader is back.
  useEffect(() => {
    let pending: PendingSignIn | undefined;
    try {
      if (!window.sessionStorage.getItem(resultKey)) return;
      pending = JSON.parse(window.sessionStorage.getItem(pendingKey) ?? 'null') as PendingSignIn | undefined;
    } catch {
      return;
    }
    if (!pending || pending.api !== api || pending.scheme !== scheme.name) return;
    const { draft: saved } = pending;
    signInModule()
      .then(({ finishRedirect }) => {
        if (saved) restore(saved);
        setBusy(true);
        return finishRedirect();
      })
      .then(
        (finished) => {
          if (finished) writeToken(api, scheme.name, finished.token);
        },
        (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => setBusy(false));
    // Once per page view: the result is consumed by the first explorer of its API and scheme.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!flow) {
    // A flow Try it does not run is still named, with what to do instead.
    return scheme.deviceAuthorization ? (
      <p className={styles.hint}>
        This API signs in with the device authorization flow (the user approves on another device, RFC 8628), which Try
        it does not run: get a token that way with your own client and paste it above.
      </p>
    ) : null;
  }
  const endpoints = flowEndpoints(flow, serverUrl);
  const current = token && token.serverUrl === serverUrl ? token : undefined;
  // Client credentials open no authorization page: only where the secret goes is checked.
  const refused =
    kind === 'clientCredentials'
      ? tokenEndpointProblem(endpoints, serverUrl)
      : flowProblem(endpoints, serverUrl, signInOrigins);

  const signOut = (token: NonNullable<typeof current>) => {
    setProblem('');
    setBusy(true);
    signInModule()
      .then(({ revoke }) => revoke(flow, token))
      .then(setSignedOut, (error: unknown) => setSignedOut(`Signed out. ${String(error)}`))
      .finally(() => {
        writeToken(api, scheme.name, undefined);
        setBusy(false);
      });
  };

  const getClientToken = () => {
    setProblem('');
    setBusy(true);
    signInModule()
      .then(({ clientCredentialsToken }) =>
        clientCredentialsToken({ endpoints, serverUrl, clientId, clientSecret, scope: scopes.join(' '), remember }),
      )
      .then(
        (token) => writeToken(api, scheme.name, token),
        (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => setBusy(false));
  };

  const start = () => {
    setProblem('');
    // Opened now, in the click, so no popup blocker takes it for an unrequested window; pointed at the provider once
    // the PKCE challenge is computed. Blocked (null), the sign-in leaves the page instead.
    const popup = window.open('', 'oauth2-sign-in', 'popup,width=520,height=720');
    setBusy(true);
    signInModule()
      .then(({ signIn }) =>
        signIn(
          {
            endpoints,
            serverUrl,
            signInOrigins,
            clientId,
            scope: scopes.join(' '),
            redirectUri: new URL(callbackUrl, window.location.origin).href,
            api,
            scheme: scheme.name,
            remember,
            draft: draft(),
          },
          popup,
        ),
      )
      .then(
        (signedIn) => {
          if (signedIn) writeToken(api, scheme.name, signedIn);
        },
        (error: unknown) => {
          popup?.close();
          setProblem(error instanceof Error ? error.message : String(error));
        },
      )
      .finally(() => setBusy(false));
  };

  const offered = Object.entries(flow.scopes);
  return (
    <div className={styles.signIn} role="group" aria-label="OAuth2 sign-in">
      <p className={styles.signInTitle}>
        {current
          ? 'Signed in with OAuth2'
          : kind === 'clientCredentials'
            ? 'Get a token with OAuth2'
            : 'Sign in with OAuth2'}
        {current ? null : (
          <span className={styles.hint}>
            {' '}
            {kind === 'clientCredentials' ? 'client credentials' : 'authorization code with PKCE'}, at{' '}
            <code>{new URL(endpoints.authorizationUrl).origin}</code>
          </span>
        )}
      </p>
      {kinds.length > 1 && !current && (
        <div className={styles.row}>
          <label htmlFor={`${id}-flow`}>Flow</label>
          <select
            id={`${id}-flow`}
            value={kind}
            onChange={(event) => setKind(event.target.value as (typeof kinds)[number])}
          >
            <option value="authorizationCode">Authorization code (a player signs in)</option>
            <option value="clientCredentials">Client credentials (your application&apos;s own token)</option>
          </select>
        </div>
      )}
      {refused ? (
        <p className={styles.problem}>{refused}</p>
      ) : current ? (
        <div className={styles.row}>
          <p aria-live="polite" className={styles.signedIn}>
            Signed in: token <code>{maskedToken(current.accessToken)}</code>
            {current.expiresAt ? `, expires at ${new Date(current.expiresAt).toLocaleTimeString()}` : ''}
            {current.scope ? `, scopes ${current.scope}` : ', no scope'}
            {current.remember ? ' (kept in this tab)' : ' (kept in this page only)'}.
          </p>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={busy}
            onClick={() => signOut(current)}
          >
            Sign out
          </button>
        </div>
      ) : (
        <>
          <div className={styles.row}>
            <label htmlFor={`${id}-client`}>
              Client id
              <span className={styles.hint}>
                {' '}
                {local
                  ? `the local mock's demo client is ${demoOAuthClientId}`
                  : "your application's, registered with this page's callback URL"}
              </span>
            </label>
            <input
              id={`${id}-client`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={clientId}
              onChange={(event) => writeCredential(window.sessionStorage, api, event.target.value, clientKey)}
            />
          </div>
          {offered.length > 0 && (
            <fieldset className={styles.scopes}>
              <legend>Scopes</legend>
              {offered.map(([scope, description]) => (
                <label key={scope}>
                  <input
                    type="checkbox"
                    checked={scopes.includes(scope)}
                    onChange={(event) =>
                      setScopes((chosen) =>
                        event.target.checked ? [...chosen, scope] : chosen.filter((each) => each !== scope),
                      )
                    }
                  />
                  <span>
                    <code>{scope}</code>
                    {description ? <span className={styles.hint}> {description}</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {kind === 'clientCredentials' && (
            <div className={styles.row}>
              <label htmlFor={`${id}-secret`}>
                Client secret<span className={styles.hint}> sent to the token endpoint only, never kept</span>
              </label>
              <input
                id={`${id}-secret`}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={clientSecret}
                onChange={(event) => setClientSecret(event.target.value)}
              />
            </div>
          )}
          <label className={styles.remember}>
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span>Keep the token in this tab until it closes (otherwise this page only)</span>
          </label>
          <div>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={busy || clientId.trim() === '' || (kind === 'clientCredentials' && clientSecret === '')}
              onClick={kind === 'clientCredentials' ? getClientToken : start}
            >
              {busy ? 'Signing in…' : kind === 'clientCredentials' ? 'Get token' : 'Sign in'}
            </button>
          </div>
        </>
      )}
      {signedOut && !current && <p aria-live="polite">{signedOut}</p>}
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </div>
  );
}
