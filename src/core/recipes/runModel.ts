import type { HttpRequest } from '../openapi/request';
import type { OperationView } from '../openapi/view';
import type { ExpressionContext } from './expressions';
import type { ArazzoDocument, ArazzoStep } from './types';

/**
 * What the recipe runner (runner.ts) and its parts share: the options a run takes, the trace events it yields, how
 * a run halts, and how credentials are kept out of what it shows.
 */

/** A call as a step makes it: the site's model of the operation, and the server it is sent to. */
export interface ResolvedOperation {
  view: OperationView;
  serverUrl: string;
}

/** The call a step names (`$sourceDescriptions.data.getPlayer` is source `data`, operationId `getPlayer`). */
export type ResolveOperation = (
  source: string,
  operationId: string,
) => ResolvedOperation | undefined | Promise<ResolvedOperation | undefined>;

/** An answer as the caller's `send` returns it; the body as text (the caller bounds what it reads). */
export interface RecipeAnswer {
  status: number;
  headers: Record<string, string> | readonly (readonly [string, string])[];
  body: string;
}

/**
 * What `confirm` answers: whether the person accepted the write, or that it is sent without asking anyone and why
 * (a server started to allow writes), so the trace does not claim a confirmation nobody gave.
 */
export type Confirmation = boolean | { unasked: string };

export interface RunOptions {
  document: ArazzoDocument;
  /** The workflow to run; the document's first when left out. */
  workflowId?: string;
  inputs: Record<string, unknown>;
  resolveOperation: ResolveOperation;
  send: (request: HttpRequest, signal?: AbortSignal) => Promise<RecipeAnswer>;
  /**
   * Asked before a step whose method writes (anything but GET, HEAD and OPTIONS) is sent, with the request as it
   * will be sent, credentials hidden. Without it, a write step is refused and the run stops.
   */
  confirm?: (step: ArazzoStep, request: HttpRequest) => Promise<Confirmation>;
  /** The origins a request may go to (the API's own hosts, the local mock); any other server is refused. */
  trustedOrigins: readonly string[];
  /** The most steps a run takes, each call, retry and workflow call counted: a loop cannot run forever. */
  maxSteps?: number;
  signal?: AbortSignal;
  /** The most characters of an answer's body a trace event keeps (expressions read the whole body). */
  traceBodyLimit?: number;
  /** Waits `retryAfter`; injected so tests do not wait. */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

export const defaultMaxSteps = 50;
export const defaultTraceBodyLimit = 16_000;

export type RunStatus = 'succeeded' | 'failed' | 'stopped';

export interface RunResult {
  status: RunStatus;
  /** The entry workflow's outputs (those it could read when the run did not succeed). */
  outputs: Record<string, unknown>;
  reason?: string;
  /** Steps taken, as counted against `maxSteps`. */
  steps: number;
}

export interface EventBase {
  /** The workflow the event belongs to and how deep it was called (0: the entry workflow). */
  workflowId: string;
  depth: number;
}

export type TraceEvent = EventBase &
  (
    | { type: 'workflow-started'; inputs: Record<string, unknown>; calledBy?: string }
    | { type: 'step-started'; stepId: string; description?: string; calls: string; attempt: number }
    | {
        type: 'confirmation';
        stepId: string;
        request: HttpRequest;
        accepted: boolean;
        /** Why the write was sent without asking anyone; absent when the person was asked. */
        unasked?: string;
      }
    | { type: 'request'; stepId: string; request: HttpRequest }
    | {
        type: 'answer';
        stepId: string;
        status: number;
        headers: Record<string, string>;
        body: string;
        bodyCut: boolean;
      }
    | { type: 'criterion'; stepId: string; condition: string; met: boolean; reason?: string }
    | { type: 'outputs'; stepId: string; outputs: Record<string, unknown> }
    | {
        type: 'action';
        stepId: string;
        action: 'next' | 'end' | 'goto' | 'retry' | 'fail';
        name?: string;
        target?: string;
        reason?: string;
      }
    | { type: 'workflow-finished'; status: 'succeeded' | 'failed'; outputs: Record<string, unknown>; reason?: string }
    | { type: 'run-finished'; status: RunStatus; outputs: Record<string, unknown>; reason?: string; steps: number }
  );

/** What hides a credential in a trace. */
export const hiddenText = '[hidden]';

/** Methods that only read: sent without asking. */
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWriteMethod(method: string): boolean {
  return !readMethods.has(method.toUpperCase());
}

/** Ends the whole run, through every workflow that called the one it happened in: no onFailure action applies. */
export class RunHalt extends Error {
  constructor(
    readonly status: 'failed' | 'stopped',
    message: string,
  ) {
    super(message);
  }
}

export interface WorkflowResult {
  status: 'succeeded' | 'failed';
  outputs: Record<string, unknown>;
  reason?: string;
}

/** A step's result: whether it succeeded, and what its actions' criteria are evaluated against. */
export interface StepOutcome {
  success: boolean;
  context: ExpressionContext;
  reason?: string;
}

export interface RunState {
  options: RunOptions;
  maxSteps: number;
  steps: number;
  secrets: Set<string>;
  workflows: ExpressionContext['workflows'];
}

export const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Base64 of a text's UTF-8 bytes, as `buildRequest` writes a Basic credential (so it can be hidden too). */
export function base64(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)));
}

/** Every string of a value with each secret (and its URL-encoded form) replaced by `[hidden]`. */
export function hideSecrets<T>(value: T, secrets: ReadonlySet<string>): T {
  const forms = [...secrets]
    .flatMap((secret) => [secret, encodeURIComponent(secret)])
    .filter((form) => form !== '')
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return forms.reduce((text, form) => text.replaceAll(form, hiddenText), item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    }
    return item;
  };
  return walk(value) as T;
}

export function defaultSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

/**
 * What a step of one running workflow reads and writes: the run, the workflow's event base, its expression context
 * (its inputs and the outputs of its steps so far) and its credentials by scheme name.
 */
export interface WorkflowScope {
  state: RunState;
  base: EventBase;
  context: ExpressionContext;
  security: Map<string, Record<string, unknown>>;
}
