import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { serverOrigin } from '@site/src/core/openapi/servers';
import { maskedToken, readToken, subscribeToTokens, tokensVersion } from '@site/src/core/oauth/tokens';
import { traceMarkdown } from '@site/src/core/recipes/trace';
import type { ArazzoDocument } from '@site/src/core/recipes/types';
import { readCredential, subscribeToCredentials, writeCredential } from '../ApiExplorer/storage';
import type { RunnerApi, RunnerInput, ServerChoice } from './session';
import InputSignIn from './InputSignIn';
import Steps, { RequestText, stepRuns, stepSummary } from './Steps';
import { useRecipeRun, type RunView } from './useRecipeRun';
import styles from './styles.module.css';

export type { RunnerApi, RunnerInput } from './session';

export interface RecipeRunnerProps {
  /** The recipe's file name without `.arazzo.yaml`: the build publishes it as `/recipes/<slug>.json`. */
  slug: string;
  title: string;
  /** The recipe itself when the page carries it; else the run fetches the published one. */
  document?: ArazzoDocument;
  /** The workflow run; the recipe's first when left out. */
  workflowId?: string;
  /** The workflow's inputs as the page lists them: the form's fields. */
  inputs: readonly RunnerInput[];
  /** The APIs the recipe calls, by the source name its steps use. */
  apis: Readonly<Record<string, RunnerApi>>;
}

const browserEnvironment = () => ({
  fetch: (...args: Parameters<typeof fetch>) => window.fetch(...args),
  storage: sessionStorage(),
});

function sessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The scheme each input is the credential of, from the recipe's `x-security` (`accessToken: $inputs.accessToken`). */
function inputSchemes(document: ArazzoDocument): Record<string, string> {
  const schemes: Record<string, string> = {};
  for (const workflow of document.workflows) {
    for (const entry of [
      ...(workflow['x-security'] ?? []),
      ...workflow.steps.flatMap((step) => step['x-security'] ?? []),
    ]) {
      for (const value of Object.values(entry.values)) {
        const name = /^\$inputs\.([A-Za-z0-9_.-]+)$/.exec(value)?.[1];
        if (name && !Object.hasOwn(schemes, name)) schemes[name] = entry.schemeName;
      }
    }
  }
  return schemes;
}

/**
 * A description's code spans as code, the rest as text: the page renders the description in full as Markdown; a
 * field's hint needs only this, and never HTML from the text.
 */
function codeSpans(text: string): ReactNode[] {
  return text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

/** What the live region says: the phase, or the last step's result. */
function announcement(view: RunView): string {
  if (view.phase === 'loading') return 'Loading the recipe and its APIs…';
  if (view.phase === 'confirming') return `Step ${view.confirming?.stepId ?? ''} writes: confirm or decline below.`;
  const finished = view.events.find((event) => event.type === 'run-finished');
  if (finished?.type === 'run-finished') {
    return `The run ${finished.status} after ${finished.steps} ${finished.steps === 1 ? 'step' : 'steps'}${finished.reason ? `: ${finished.reason}` : '.'}`;
  }
  if (view.problem) return `The run could not start: ${view.problem}`;
  const last = stepRuns(view.events).at(-1);
  if (!last) return '';
  return `${stepSummary(last)}${view.phase === 'paused' ? '. Paused: press Next step to go on.' : ''}`;
}

/**
 * Runs a recipe in its page: the reader fills the workflow's inputs (a credential from Try it's store for the API,
 * never shown), picks production or the local mock, and runs it to the end or step by step. Each step shows the
 * request sent (credentials hidden by the runner), the answer, its criteria and what it keeps; a write step waits
 * for the reader's yes; the whole run copies as Markdown.
 */
export default function RecipeRunner({
  slug,
  title,
  document,
  workflowId,
  inputs,
  apis,
}: RecipeRunnerProps): ReactNode {
  const id = useId();
  const apiList = Object.values(apis);
  // A credential field is Try it's stored credential for the API when the recipe calls one API (all of ours do):
  // typed here, it is there on the API's pages too, and the other way round.
  const credentialApi = apiList.length === 1 ? apiList[0].id : undefined;
  const stored = useSyncExternalStore(
    subscribeToCredentials,
    () => (credentialApi ? readCredential(sessionStorage(), credentialApi) : ''),
    () => '',
  );
  // A sign-in's token (Try it's OAuth2 sign-in, on any of the API's call pages) for the scheme an input is given to:
  // the run sends it to the server it was got for, refreshed when due (session.ts), so the reader is told it will.
  useSyncExternalStore(subscribeToTokens, tokensVersion, () => 0);
  const schemes = document ? inputSchemes(document) : {};
  const signedIn = (name: string) =>
    credentialApi && Object.hasOwn(schemes, name) ? readToken(credentialApi, schemes[name]) : undefined;
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      inputs.filter((input) => !input.secret).map((input) => [input.name, input.example ?? input.default ?? '']),
    ),
  );
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const valueOf = (input: RunnerInput) =>
    input.secret ? (credentialApi ? stored : (secrets[input.name] ?? '')) : (typed[input.name] ?? '');
  const setValue = (input: RunnerInput, value: string) => {
    if (!input.secret) setTyped((current) => ({ ...current, [input.name]: value }));
    else if (credentialApi) writeCredential(sessionStorage(), credentialApi, value);
    else setSecrets((current) => ({ ...current, [input.name]: value }));
  };
  // Production is offered when every API names an origin of its own besides its mock's; the local mock always is.
  const production = apiList.every((api) => api.trustedOrigins.some((origin) => origin !== serverOrigin(api.mockUrl)));
  const [choice, setChoice] = useState<ServerChoice>(production ? 'production' : 'mock');
  const [copied, setCopied] = useState<{ text: string; said: string } | undefined>();
  const run = useRecipeRun(browserEnvironment);
  const { view } = run;
  const active = view.phase === 'loading' || view.phase === 'running' || view.phase === 'confirming';

  const request = () => ({
    slug,
    ...(document ? { document } : {}),
    ...(workflowId ? { workflowId } : {}),
    apis,
    choice,
    typed: Object.fromEntries(inputs.map((input) => [input.name, valueOf(input)])),
  });
  const go = (mode: 'step' | 'end') => {
    setCopied(undefined);
    if (view.phase === 'paused') run.resume(mode);
    else run.start(request(), mode);
  };
  const copy = async () => {
    const text = traceMarkdown(view.events, { title });
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ text, said: 'The trace is copied as Markdown.' });
    } catch {
      // Clipboard refused (no permission, an insecure origin): the text is shown to copy by hand.
      setCopied({ text, said: 'The clipboard refused it: copy the Markdown below.' });
    }
  };

  return (
    <section className={styles.runner} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        Run this recipe
      </h3>
      <p className={styles.hint}>
        Against the production server with your own credential, or the local mock (<code>npm run mock</code> in a clone
        of the portal) with any key. Your credential is the one Try it keeps in this tab; it is sent only to the chosen
        server and hidden in the trace. A step that writes asks you first.
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          go('end');
        }}
      >
        <div className={styles.row}>
          <label htmlFor={`${id}-server`}>Server</label>
          <select
            id={`${id}-server`}
            value={choice}
            disabled={active}
            onChange={(event) => setChoice(event.target.value as ServerChoice)}
          >
            <option value="production" disabled={!production}>
              Production: {apiList.map((api) => api.title).join(', ')}
              {production ? '' : " (this page does not name the API's hosts)"}
            </option>
            <option value="mock">Local mock: {apiList.map((api) => api.mockUrl).join(', ')}</option>
          </select>
        </div>
        {inputs.map((input) => (
          <div className={styles.row} key={input.name}>
            <label htmlFor={`${id}-input-${input.name}`}>
              <code>{input.name}</code>
              <span className={styles.hint}>
                {' '}
                {input.type}
                {input.required ? ', required' : ''}
                {input.default !== undefined ? `, default ${input.default}` : ''}
                {input.description ? <>: {codeSpans(input.description)}</> : ''}
              </span>
            </label>
            <input
              id={`${id}-input-${input.name}`}
              name={input.name}
              type={input.secret ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              required={input.required}
              disabled={active}
              value={valueOf(input)}
              placeholder={input.secret ? 'Kept in this tab only, as in Try it' : (input.default ?? '')}
              onChange={(event) => setValue(input, event.target.value)}
            />
            {input.secret && input.signIn && credentialApi && (
              <InputSignIn
                api={credentialApi}
                scheme={input.signIn}
                serverUrl={choice === 'mock' ? apiList[0].mockUrl : apiList[0].productionUrl}
                signInOrigins={apiList[0].signInOrigins ?? [serverOrigin(apiList[0].mockUrl) ?? '']}
                draft={() => typed}
                restore={(draft) => setTyped((current) => ({ ...current, ...(draft as Record<string, string>) }))}
              />
            )}
            {input.secret && signedIn(input.name) && (
              <p className={styles.hint}>
                Signed in with Try it: {maskedToken(signedIn(input.name)?.accessToken ?? '')}, for{' '}
                {signedIn(input.name)?.serverUrl}. On that server the token stands in for this field.
              </p>
            )}
          </div>
        ))}
        <div className={styles.buttons}>
          <button type="submit" className="button button--primary button--sm" disabled={active}>
            Run to the end
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={active}
            onClick={() => go('step')}
          >
            Next step
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={!active && view.phase !== 'paused'}
            onClick={run.stop}
          >
            Stop
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={view.events.length === 0 || active}
            onClick={() => void copy()}
          >
            Copy trace as Markdown
          </button>
        </div>
      </form>
      {view.servers && (
        <p className={styles.hint}>
          Sending to {Object.values(view.servers).join(', ')}
          {view.phase === 'paused' ? ' (paused after a step: Next step goes on, Run to the end runs the rest)' : ''}
        </p>
      )}
      <p role="status" aria-live="polite" className={styles.status}>
        {announcement(view)}
      </p>
      {view.confirming && (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            Step <code>{view.confirming.stepId}</code> writes ({view.confirming.request.method}). Send it?
          </p>
          <RequestText request={view.confirming.request} />
          <div className={styles.buttons}>
            <button
              type="button"
              className="button button--danger button--sm"
              // The question is the run's only way on: it takes the focus so a keyboard reader lands on it.
              autoFocus
              onClick={() => run.confirm(true)}
            >
              Send it
            </button>
            <button type="button" className="button button--secondary button--sm" onClick={() => run.confirm(false)}>
              Don&apos;t send
            </button>
          </div>
        </div>
      )}
      <Steps events={view.events} />
      {copied && (
        <div className={styles.copied}>
          <p className={styles.hint}>{copied.said}</p>
          <label htmlFor={`${id}-trace`} className={styles.hint}>
            The copied trace
          </label>
          <textarea id={`${id}-trace`} readOnly rows={8} value={copied.text} />
        </div>
      )}
    </section>
  );
}
