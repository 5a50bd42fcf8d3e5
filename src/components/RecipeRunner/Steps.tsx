import type { ReactNode } from 'react';
import type { HttpRequest } from '@site/src/core/openapi/request';
import type { TraceEvent } from '@site/src/core/recipes/runModel';
import styles from './styles.module.css';

/** The most of an answer's body a step shows; the copied trace keeps what the runner kept. */
export const shownBodyLimit = 1_500;

type Of<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;

/** One step as it ran: its events from `step-started` to the action taken after it. */
export interface StepRun {
  key: number;
  started: Of<'step-started'>;
  confirmation?: Of<'confirmation'>;
  request?: Of<'request'>;
  answer?: Of<'answer'>;
  criteria: Of<'criterion'>[];
  outputs?: Of<'outputs'>;
  action?: Of<'action'>;
}

/** The trace cut into steps, in the order they ran (a retry or a loop's step again is a step of its own). */
export function stepRuns(events: readonly TraceEvent[]): StepRun[] {
  const runs: StepRun[] = [];
  // Steps of a called workflow nest inside the calling step: each depth keeps its own open step.
  const open = new Map<number, StepRun>();
  events.forEach((event, index) => {
    if (event.type === 'step-started') {
      const run: StepRun = { key: index, started: event, criteria: [] };
      runs.push(run);
      open.set(event.depth, run);
      return;
    }
    const run = open.get(event.depth);
    if (!run) return;
    if (event.type === 'confirmation') run.confirmation = event;
    else if (event.type === 'request') run.request = event;
    else if (event.type === 'answer') run.answer = event;
    else if (event.type === 'criterion') run.criteria.push(event);
    else if (event.type === 'outputs') run.outputs = event;
    else if (event.type === 'action') run.action = event;
  });
  return runs;
}

/** What comes after a step, in words. */
export function actionText(action: Of<'action'>): string {
  const target = action.target ?? '';
  switch (action.action) {
    case 'next':
      return target ? `Next: step ${target}` : 'Next: the workflow ends after its last step';
    case 'end':
      return `The workflow ends${action.name ? ` (${action.name})` : ''}`;
    case 'goto':
      return `Go to ${target}${action.name ? ` (${action.name})` : ''}`;
    case 'retry':
      return `Try ${target} again${action.name ? ` (${action.name})` : ''}`;
    case 'fail':
      return `The workflow fails${action.reason ? `: ${action.reason}` : ''}`;
  }
}

/** A step's result in one sentence, for the live region. */
export function stepSummary(run: StepRun): string {
  const status = run.answer ? `answered ${run.answer.status}` : run.confirmation?.accepted === false ? 'not sent' : '';
  const failed = run.criteria.filter((criterion) => !criterion.met).length;
  const criteria =
    run.criteria.length === 0
      ? ''
      : failed === 0
        ? 'every criterion met'
        : `${failed} ${failed === 1 ? 'criterion' : 'criteria'} not met`;
  return [`Step ${run.started.stepId}`, status, criteria, run.action ? actionText(run.action) : '']
    .filter(Boolean)
    .join(', ');
}

export function RequestText({ request }: { request: HttpRequest }): ReactNode {
  const lines = [`${request.method} ${request.url}`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  return (
    <pre className={styles.code}>
      <code>{request.body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${request.body}`}</code>
    </pre>
  );
}

function Json({ value }: { value: unknown }): ReactNode {
  return (
    <pre className={styles.code}>
      <code>{JSON.stringify(value ?? null, null, 2)}</code>
    </pre>
  );
}

function Step({ run, number }: { run: StepRun; number: number }): ReactNode {
  const { started, request, answer, confirmation, criteria, outputs, action } = run;
  const body = answer?.body ?? '';
  const failed = criteria.some((criterion) => !criterion.met) || action?.action === 'fail';
  return (
    <li className={styles.step} data-status={action ? (failed ? 'failed' : 'succeeded') : 'running'}>
      <h4 className={styles.stepTitle}>
        {number}. <code>{started.stepId}</code>
        {started.attempt > 1 ? `, attempt ${started.attempt}` : ''}
        <span className={styles.hint}> calls {started.calls}</span>
      </h4>
      {started.description && <p className={styles.hint}>{started.description}</p>}
      {confirmation && (
        <p className={styles.hint}>
          {confirmation.accepted
            ? 'A write: you confirmed it before it was sent.'
            : 'A write you declined: nothing was sent.'}
        </p>
      )}
      {request && (
        <details className={styles.detail}>
          <summary>
            Request: {request.request.method} {request.request.url}
          </summary>
          <RequestText request={request.request} />
        </details>
      )}
      {answer && (
        <details className={styles.detail}>
          <summary>
            Answer: <strong>{answer.status}</strong>
            {answer.bodyCut || body.length > shownBodyLimit ? ' (the body is cut here)' : ''}
          </summary>
          {body !== '' && (
            <pre className={styles.code}>
              <code>{body.length > shownBodyLimit ? `${body.slice(0, shownBodyLimit)}…` : body}</code>
            </pre>
          )}
        </details>
      )}
      {criteria.length > 0 && (
        <ul className={styles.criteria} aria-label={`Success criteria of ${started.stepId}`}>
          {criteria.map((criterion, index) => (
            <li key={index} data-met={criterion.met}>
              <span className={criterion.met ? styles.met : styles.unmet}>{criterion.met ? 'met' : 'not met'}</span>{' '}
              <code>{criterion.condition}</code>
              {!criterion.met && criterion.reason ? ` (${criterion.reason})` : ''}
            </li>
          ))}
        </ul>
      )}
      {outputs && Object.keys(outputs.outputs).length > 0 && (
        <details className={styles.detail}>
          <summary>Kept for the next steps: {Object.keys(outputs.outputs).join(', ')}</summary>
          <Json value={outputs.outputs} />
        </details>
      )}
      {action && <p className={styles.action}>{actionText(action)}</p>}
    </li>
  );
}

/** The steps as they ran, and the run's end: its result and the workflow's outputs. */
export default function Steps({ events }: { events: readonly TraceEvent[] }): ReactNode {
  const runs = stepRuns(events);
  const finished = events.find((event): event is Of<'run-finished'> => event.type === 'run-finished');
  return (
    <>
      {runs.length > 0 && (
        <ol className={styles.steps} aria-label="Steps run">
          {runs.map((run, index) => (
            <Step key={run.key} run={run} number={index + 1} />
          ))}
        </ol>
      )}
      {finished && (
        <div className={styles.result} data-status={finished.status}>
          <p>
            The run <strong>{finished.status}</strong> after {finished.steps} {finished.steps === 1 ? 'step' : 'steps'}
            {finished.reason ? `: ${finished.reason}` : '.'}
          </p>
          {Object.keys(finished.outputs).length > 0 && (
            <>
              <p className={styles.hint}>The workflow&apos;s outputs:</p>
              <Json value={finished.outputs} />
            </>
          )}
        </div>
      )}
    </>
  );
}
