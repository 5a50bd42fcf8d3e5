import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import CodeBlock from '@theme/CodeBlock';
import { usePublishDraft } from '@site/src/components/ApiOperation/requestDraft';
import type { Json } from '@site/src/core/openapi/document';
import { isMultipart, sampleBody, sampleMedia } from '@site/src/core/openapi/request';
import { validateParameters, type ValidationProblem } from '@site/src/core/openapi/validateRequest';
import { re2Matcher, type PatternMatcher } from '@site/src/core/openapi/patterns';
import { fillServerTemplate, type ListedServer } from '@site/src/core/openapi/servers';
import type { OperationView, SecurityView } from '@site/src/core/openapi/view';
import { credentialWhere } from '@site/src/core/openapi/security';
import Sentence from '@site/src/components/Sentence';
import { initialInputs, optionText, prepareRequest, securityChoices, variableField } from './prepare';
import { readCredential, subscribeToCredentials, writeCredential } from './storage';
import { readToken, subscribeToTokens, tokensVersion, writeToken } from '@site/src/core/oauth/tokens';
import styles from './styles.module.css';
import { isStreamType, readBody } from './readBody';

interface Props {
  operation: OperationView;
  servers: ListedServer[];
  /**
   * The origins an OAuth2 sign-in's authorization page may be on: the API record's sign-in hosts (src/build/hosts.ts).
   * Left out, none: Try it signs in only at the local mock.
   */
  signInOrigins?: readonly string[];
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'invalid'; problems: ValidationProblem[] }
  | { kind: 'sending'; url: string }
  | {
      kind: 'response';
      url: string;
      status: number;
      statusText: string;
      millis: number;
      contentType: string;
      headers: [string, string][];
      body: string;
      /** A stream still arriving, or cut: what the reader is told below the body. */
      note?: string;
    }
  | { kind: 'error'; url: string; message: string };

const timeoutMillis = 30_000;
/** The most of an answer Try it reads and shows: an endless one must not take the tab's memory. */
const maxResponseBytes = 2 * 1024 * 1024;

/**
 * The OAuth2 sign-in, in a chunk of its own loaded once the page has hydrated, and only where a call has an OAuth2
 * flow Try it can run (authorization code, client credentials): the API key pages, most of the reference, never carry it (the operation page's weight
 * budget is a ratio to a guide's).
 */
const SignIn = lazy(() => import('./SignIn'));
/** The OAuth2 flow Try it can get a token with for a scheme, if any. */
const tokenFlow = (scheme: SecurityView) => scheme.authorizationCode ?? scheme.clientCredentials;

let matcher: Promise<PatternMatcher | undefined> | undefined;

/**
 * RE2's linear-time engine (re2js), in a chunk of its own fetched on the first Send: a document's pattern can never
 * hold the tab, and pages nobody sends from never load it. Should the chunk not load, patterns go unchecked and the
 * server judges them.
 */
function patternMatcher(): Promise<PatternMatcher | undefined> {
  matcher ??= import('re2js').then(
    ({ RE2JS }) => re2Matcher(RE2JS),
    () => undefined,
  );
  return matcher;
}

function pretty(text: string, contentType: string): string {
  if (!contentType.includes('json')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function defaultsOf(server: ListedServer): Record<string, string> {
  return Object.fromEntries((server.variables ?? []).map((variable) => [variable.name, variable.default]));
}

const noOrigins: readonly string[] = [];

/**
 * Sends one operation to the server the reader picks. The credential lives in sessionStorage only and goes in the
 * Authorization header of requests to that server, nowhere else; the document's limits are checked before sending.
 */
export default function ApiExplorer({ operation, servers, signInOrigins = noOrigins }: Props): ReactNode {
  const id = useId();
  const [serverUrl, setServerUrl] = useState(servers.find((server) => server.trusted)?.url ?? '');
  // The chosen server's variables (`{region}`), each at its default until the reader changes it.
  const [variables, setVariables] = useState<Record<string, string>>({});
  const chosen = servers.find((server) => server.url === serverUrl);
  const requestUrl = chosen?.template
    ? fillServerTemplate(chosen.template, { ...defaultsOf(chosen), ...variables })
    : serverUrl;
  // The ways the call may be authenticated (`security: [A, B]`): the reader picks one; the first by default.
  const choices = useMemo(() => securityChoices(operation), [operation]);
  const [choice, setChoice] = useState(0);
  const security = choices[choice]?.schemes ?? operation.security;
  // The call as it is sent: with the picked way of authenticating.
  const authenticated = useMemo(() => ({ ...operation, security }), [operation, security]);
  // The server renders no credential; the browser reads the tab's stored ones once hydrated: one per scheme the call
  // combines, the call's first scheme under the API's own key, any other under its scheme's name (one string, so the
  // store's snapshot compares by value).
  const storageName = (scheme: SecurityView) => (scheme.name === operation.security[0]?.name ? undefined : scheme.name);
  const storedCredentials = useSyncExternalStore(
    subscribeToCredentials,
    () =>
      JSON.stringify(
        security.map((scheme) => readCredential(window.sessionStorage, operation.api, storageName(scheme))),
      ),
    () => '[]',
  );
  const credentials = JSON.parse(storedCredentials) as string[];
  // True once hydrated (the browser's snapshot; the server's is false, and the value never changes after, so any
  // subscription does): the sign-in renders, and loads, in the browser only, after the server's HTML is taken over.
  const hydrated = useSyncExternalStore(
    subscribeToTokens,
    () => true,
    () => false,
  );
  // Tokens a sign-in got (lib/oauth): one replaces the typed credential of its scheme, for its own server only.
  useSyncExternalStore(subscribeToTokens, tokensVersion, () => 0);
  const signedInFor = (scheme: SecurityView) => {
    if (!tokenFlow(scheme)) return undefined;
    const token = readToken(operation.api, scheme.name);
    return token && token.serverUrl === requestUrl ? token : undefined;
  };
  const [inputs, setInputs] = useState(() => initialInputs(operation));
  const media = operation.requestBody?.contents ?? [];
  const [contentType, setContentType] = useState(() => sampleMedia(operation)?.contentType ?? '');
  const [bodyText, setBodyText] = useState(() => {
    const body = sampleBody(operation);
    return body ? JSON.stringify(body.value, null, 2) : '';
  });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  // Once the reader changes anything, the samples beside the explorer show the request they are building.
  const publish = usePublishDraft();
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) return;
    let value: Json | undefined;
    try {
      value = operation.requestBody && bodyText.trim() !== '' ? (JSON.parse(bodyText) as Json) : undefined;
    } catch {
      // Not JSON (yet): the samples keep no body until it parses, as the explorer would refuse to send it.
    }
    publish({
      serverUrl: requestUrl,
      values: validateParameters(operation.parameters, inputs).values,
      body: value !== undefined ? { contentType, value } : undefined,
    });
  }, [touched, publish, operation, requestUrl, inputs, contentType, bodyText]);
  const edit =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setTouched(true);
    };

  const updateCredential = (scheme: SecurityView, value: string) =>
    writeCredential(window.sessionStorage, operation.api, value, storageName(scheme));

  /** The credentials sent: a signed-in scheme's token (refreshed first when it has expired), else what was typed. */
  const sentCredentials = () =>
    Promise.all(
      security.map(async (scheme, index) => {
        const token = signedInFor(scheme);
        const flow = tokenFlow(scheme);
        if (!token || !flow) return credentials[index] ?? '';
        if (token.expiresAt === undefined || token.expiresAt > Date.now() + 5_000) return token.accessToken;
        const { refresh } = await import('@site/src/core/oauth/signIn');
        try {
          const fresh = await refresh(flow, token);
          writeToken(operation.api, scheme.name, fresh);
          return fresh.accessToken;
        } catch (error) {
          writeToken(operation.api, scheme.name, undefined);
          throw error;
        }
      }),
    );

  // What a sign-in that leaves the page keeps and puts back: the server it signed in for, and what the reader typed.
  const draft = () => ({ serverUrl, inputs, bodyText });
  const restore = (saved: { serverUrl?: unknown; inputs?: unknown; bodyText?: unknown }) => {
    if (servers.some((server) => server.url === saved.serverUrl)) setServerUrl(saved.serverUrl as string);
    if (typeof saved.bodyText === 'string') setBodyText(saved.bodyText);
    if (saved.inputs) {
      setInputs((current) => ({ ...current, ...(saved.inputs as Record<string, string>) }));
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    let sent: string[];
    try {
      sent = await sentCredentials();
    } catch (error) {
      setOutcome({ kind: 'error', url: requestUrl, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const prepared = prepareRequest(
      authenticated,
      {
        serverUrl,
        servers,
        variables,
        credential: sent[0] ?? '',
        moreCredentials: sent.slice(1),
        inputs,
        contentType,
        bodyText,
      },
      await patternMatcher(),
    );
    if (prepared.kind === 'invalid') {
      setOutcome({ kind: 'invalid', problems: prepared.problems });
      return;
    }
    const { request } = prepared;
    setOutcome({ kind: 'sending', url: request.url });
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), timeoutMillis);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        // The credential travels in the header only; no cookies, no referrer to a third-party server.
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: controller.signal,
      });
      const type = response.headers.get('content-type') ?? '';
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      const shown = (body: string, note?: string) =>
        setOutcome({
          kind: 'response',
          url: request.url,
          status: response.status,
          statusText: response.statusText,
          millis: Math.round(performance.now() - started),
          contentType: type,
          headers,
          body,
          ...(note ? { note } : {}),
        });
      // A stream (server-sent events, JSON Lines) is shown as its items arrive, until it ends or the time is up.
      const streamed = isStreamType(type);
      let sofar = '';
      try {
        const read = await readBody(
          response,
          maxResponseBytes,
          streamed ? (text) => shown((sofar = text), 'Receiving the stream…') : undefined,
        );
        shown(
          streamed ? read.text : pretty(read.text, type),
          read.truncated ? `Cut at ${maxResponseBytes / 1024 / 1024} MB: the rest was not read.` : undefined,
        );
      } catch (error) {
        // A stream the time limit ended keeps what arrived.
        if (!streamed || !controller.signal.aborted) throw error;
        shown(sofar, `The stream was still open after ${timeoutMillis / 1000} s; Try it stopped reading it.`);
      }
    } catch (error) {
      const reason = controller.signal.aborted
        ? `no answer within ${timeoutMillis / 1000} s`
        : error instanceof Error
          ? error.message
          : String(error);
      setOutcome({ kind: 'error', url: request.url, message: reason });
    } finally {
      window.clearTimeout(timer);
    }
  };

  return (
    <form className={styles.explorer} onSubmit={(event) => void send(event)} noValidate aria-label="Request explorer">
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
      <div className={styles.row}>
        <label htmlFor={`${id}-server`}>Server</label>
        <select
          id={`${id}-server`}
          value={serverUrl}
          onChange={(event) => {
            edit(setServerUrl)(event.target.value);
            setVariables({});
          }}
        >
          {servers.map((server) => (
            <option key={server.url} value={server.url}>
              {server.label}: {server.template ?? server.url}
              {server.trusted ? '' : ' (documented; not sent to)'}
            </option>
          ))}
        </select>
      </div>
      {chosen?.variables?.map((variable) => {
        const inputId = `${id}-${variableField(variable.name)}`;
        const value = Object.hasOwn(variables, variable.name) ? variables[variable.name] : variable.default;
        const set = edit((next: string) => setVariables((current) => ({ ...current, [variable.name]: next })));
        return (
          <div className={styles.row} key={inputId}>
            <label htmlFor={inputId}>
              <code>{`{${variable.name}}`}</code>
              <span className={styles.hint}>
                {' '}
                server variable, default {variable.default}
                {variable.description ? `: ${variable.description}` : ''}
              </span>
            </label>
            {variable.enum ? (
              <select id={inputId} value={value} onChange={(event) => set(event.target.value)}>
                {variable.enum.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                type="text"
                spellCheck={false}
                value={value}
                onChange={(event) => set(event.target.value)}
              />
            )}
          </div>
        );
      })}
      {choices.length > 1 && (
        <div className={styles.row}>
          <label htmlFor={`${id}-security`}>
            Authenticate with<span className={styles.hint}> the call takes any one of these</span>
          </label>
          <select
            id={`${id}-security`}
            value={choice}
            onChange={(event) => edit(setChoice)(Number(event.target.value))}
          >
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
          (tokenFlow(scheme) ?? scheme.deviceAuthorization) && hydrated ? (
            <Suspense key={`${scheme.name}-sign-in`} fallback={null}>
              <SignIn
                api={operation.api}
                scheme={scheme}
                serverUrl={requestUrl}
                signInOrigins={signInOrigins}
                draft={draft}
                restore={restore}
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
                  onChange={(event) => updateCredential(scheme, event.target.value)}
                />
              </>
            )}
            {signIn}
          </div>
        );
      })}
      {operation.parameters.map((parameter) => {
        const inputId = `${id}-${parameter.in}-${parameter.name}`;
        const value = inputs[parameter.name] ?? '';
        const set = edit((next: string) => setInputs((current) => ({ ...current, [parameter.name]: next })));
        const hint = [
          parameter.type,
          parameter.minimum !== undefined ? `min ${parameter.minimum}` : '',
          parameter.maximum !== undefined ? `max ${parameter.maximum}` : '',
          parameter.default !== undefined ? `default ${JSON.stringify(parameter.default)}` : '',
          parameter.baseType === 'array' ? 'comma-separated' : '',
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <div className={styles.row} key={inputId}>
            <label htmlFor={inputId}>
              <code>{parameter.name}</code>
              {parameter.required && <span className={styles.required}> required</span>}
              <span className={styles.hint}> {hint}</span>
            </label>
            {parameter.enum ? (
              <select id={inputId} name={parameter.name} value={value} onChange={(event) => set(event.target.value)}>
                <option value="">{parameter.required ? 'Choose…' : '(not sent)'}</option>
                {parameter.enum.map((option) => (
                  <option key={optionText(option)} value={optionText(option)}>
                    {optionText(option)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                name={parameter.name}
                type="text"
                inputMode={parameter.baseType === 'integer' || parameter.baseType === 'number' ? 'numeric' : undefined}
                value={value}
                onChange={(event) => set(event.target.value)}
              />
            )}
          </div>
        );
      })}
      {operation.requestBody && (
        <>
          {media.length > 1 && (
            <div className={styles.row}>
              <label htmlFor={`${id}-content-type`}>Body content type</label>
              <select
                id={`${id}-content-type`}
                value={contentType}
                onChange={(event) => edit(setContentType)(event.target.value)}
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
            <textarea
              id={`${id}-body`}
              rows={6}
              value={bodyText}
              onChange={(event) => edit(setBodyText)(event.target.value)}
            />
          </div>
        </>
      )}
      {outcome.kind === 'invalid' && (
        <div className="alert alert--danger" role="alert">
          <p>The request was not sent:</p>
          <ul>
            {outcome.problems.map((problem) => (
              <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      {outcome.kind === 'sending' && <p role="status">Sending to {outcome.url}…</p>}
      {outcome.kind === 'error' && (
        <div className="alert alert--danger" role="alert">
          <p>
            The request to <code>{outcome.url}</code> got no response: {outcome.message}. A local mock must be running (
            <code>npm run mock</code>); another server must allow requests from this site (CORS).
          </p>
        </div>
      )}
      {outcome.kind === 'response' && (
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
      )}
    </form>
  );
}
