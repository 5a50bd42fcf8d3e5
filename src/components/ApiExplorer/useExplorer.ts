import { useEffect, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { usePublishDraft } from '@site/src/components/ApiOperation/requestDraft';
import type { Json } from '@site/src/core/openapi/document';
import { sampleBody, sampleMedia } from '@site/src/core/openapi/request';
import { validateParameters } from '@site/src/core/openapi/validateRequest';
import { fillServerTemplate, type ListedServer } from '@site/src/core/openapi/servers';
import type { OperationView, SecurityView } from '@site/src/core/openapi/view';
import { subscribeToTokens, tokensVersion } from '@site/src/core/oauth/tokens';
import { initialInputs, securityChoices } from './prepare';
import { readCredential, subscribeToCredentials, writeCredential } from './storage';
import { send, signedInFor, type Outcome } from './send';

function defaultsOf(server: ListedServer): Record<string, string> {
  return Object.fromEntries((server.variables ?? []).map((variable) => [variable.name, variable.default]));
}

/** What a sign-in that leaves the page keeps and puts back: the server it signed in for, and what the reader typed. */
export type Draft = { serverUrl?: unknown; inputs?: unknown; bodyText?: unknown };

/**
 * The explorer's state: what the reader chose and typed, the credentials kept in the tab, the last outcome. Every
 * change the reader makes also goes to the samples beside the explorer (`usePublishDraft`).
 */
export function useExplorer(operation: OperationView, servers: ListedServer[]) {
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
  const [inputs, setInputs] = useState(() => initialInputs(operation));
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
    <A extends unknown[]>(setter: (...args: A) => void) =>
    (...args: A) => {
      setter(...args);
      setTouched(true);
    };

  return {
    serverUrl,
    chooseServer: (url: string) => {
      edit(setServerUrl)(url);
      setVariables({});
    },
    chosen,
    variables,
    setVariable: edit((name: string, value: string) => setVariables((current) => ({ ...current, [name]: value }))),
    requestUrl,
    choices,
    choice,
    chooseSecurity: edit(setChoice),
    security,
    credentials,
    setCredential: (scheme: SecurityView, value: string) =>
      writeCredential(window.sessionStorage, operation.api, value, storageName(scheme)),
    signedInFor: (scheme: SecurityView) => signedInFor(operation.api, scheme, requestUrl),
    hydrated,
    inputs,
    setInput: edit((name: string, value: string) => setInputs((current) => ({ ...current, [name]: value }))),
    contentType,
    chooseContentType: edit(setContentType),
    bodyText,
    setBodyText: edit(setBodyText),
    outcome,
    draft: (): Draft => ({ serverUrl, inputs, bodyText }),
    restore: (saved: Draft) => {
      if (servers.some((server) => server.url === saved.serverUrl)) setServerUrl(saved.serverUrl as string);
      if (typeof saved.bodyText === 'string') setBodyText(saved.bodyText);
      if (saved.inputs) {
        setInputs((current) => ({ ...current, ...(saved.inputs as Record<string, string>) }));
      }
    },
    submit: (event: FormEvent) => {
      event.preventDefault();
      void send(
        {
          operation: authenticated,
          requestUrl,
          typed: credentials,
          state: { serverUrl, servers, variables, inputs, contentType, bodyText },
        },
        setOutcome,
      );
    },
  };
}

export type Explorer = ReturnType<typeof useExplorer>;
