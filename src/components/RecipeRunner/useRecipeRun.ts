import { useCallback, useEffect, useRef, useState } from 'react';
import type { HttpRequest } from '@site/src/core/openapi/request';
import type { RunResult, TraceEvent } from '@site/src/core/recipes/runModel';
import { runRecipe } from '@site/src/core/recipes/runner';
import type { ArazzoDocument, ArazzoStep } from '@site/src/core/recipes/types';
import { prepareRun, type Prepared, type RunnerApi, type ServerChoice, type SessionEnvironment } from './session';

/**
 * A run of a recipe as the page drives it: to the end, or one step at a time (the run waits after each step's
 * action for "Next step"), stopped at any point, a write step held until the reader answers.
 */

export type Phase = 'idle' | 'loading' | 'running' | 'paused' | 'confirming' | 'finished';

export interface RunView {
  phase: Phase;
  events: TraceEvent[];
  /** Why the run could not start (the recipe or a document did not load, no production server). */
  problem?: string;
  /** The write step waiting for the reader's answer, with the request as it will be sent (credentials hidden). */
  confirming?: { stepId: string; request: HttpRequest };
  /** The server each source's calls go to in this run. */
  servers?: Record<string, string>;
}

export interface RunRequest {
  slug: string;
  document?: ArazzoDocument;
  workflowId?: string;
  apis: Readonly<Record<string, RunnerApi>>;
  choice: ServerChoice;
  typed: Record<string, string>;
}

type Mode = 'step' | 'end';

/**
 * The run's controller, without React: `onChange` gets each new view. Kept apart from the hook so its tests drive a
 * whole run with a fake fetch.
 */
export class RecipeRun {
  private view: RunView = { phase: 'idle', events: [] };
  private run?: AsyncGenerator<TraceEvent, RunResult, void>;
  private mode: Mode = 'end';
  private controller?: AbortController;
  private answer?: (accepted: boolean) => void;
  private pumping = false;

  constructor(
    private readonly environment: SessionEnvironment,
    private readonly onChange: (view: RunView) => void,
  ) {}

  get current(): RunView {
    return this.view;
  }

  private set(next: Partial<RunView>): void {
    this.view = { ...this.view, ...next };
    this.onChange(this.view);
  }

  /** Starts a new run (any run before it is stopped first), to the end or to its first step's end. */
  async start(request: RunRequest, mode: Mode): Promise<void> {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    this.mode = mode;
    this.view = { phase: 'loading', events: [] };
    this.onChange(this.view);
    let prepared: Prepared;
    try {
      prepared = await prepareRun(request, this.environment);
    } catch (error) {
      if (this.controller === controller) {
        this.set({ phase: 'finished', problem: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    if (this.controller !== controller || controller.signal.aborted) return;
    this.run = runRecipe({
      ...prepared.options,
      signal: controller.signal,
      confirm: (step: ArazzoStep, sent: HttpRequest) =>
        new Promise<boolean>((resolve) => {
          this.answer = (accepted) => {
            this.answer = undefined;
            this.set({ phase: 'running', confirming: undefined });
            resolve(accepted);
          };
          this.set({ phase: 'confirming', confirming: { stepId: step.stepId, request: sent } });
        }),
    });
    this.set({ phase: 'running', servers: prepared.servers });
    await this.pump();
  }

  /** Runs the next step (from a pause), or the rest of the run. */
  async resume(mode: Mode): Promise<void> {
    if (this.view.phase !== 'paused') return;
    this.mode = mode;
    this.set({ phase: 'running' });
    await this.pump();
  }

  /** The reader's answer to a write step's question. */
  confirm(accepted: boolean): void {
    this.answer?.(accepted);
  }

  /**
   * Stops the run: a request under way is aborted, a question is answered no, and the runner, which checks the
   * signal before each step, ends the trace with the run stopped.
   */
  stop(): void {
    if (!this.controller || this.view.phase === 'finished' || this.view.phase === 'idle') return;
    this.controller.abort();
    this.answer?.(false);
    if (this.view.phase === 'paused' || this.view.phase === 'loading') {
      this.mode = 'end';
      if (this.run) void this.pump();
      else this.set({ phase: 'finished', problem: 'the run was stopped before it began' });
    }
  }

  private async pump(): Promise<void> {
    const run = this.run;
    if (!run || this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const next = await run.next();
        if (this.run !== run) return;
        if (next.done) {
          this.set({ phase: 'finished' });
          return;
        }
        this.set({ events: [...this.view.events, next.value] });
        // A step ends with the action taken after it: in step mode the run waits there for "Next step".
        if (this.mode === 'step' && next.value.type === 'action' && !this.controller?.signal.aborted) {
          this.set({ phase: 'paused' });
          return;
        }
      }
    } catch (error) {
      if (this.run === run)
        this.set({ phase: 'finished', problem: error instanceof Error ? error.message : String(error) });
    } finally {
      this.pumping = false;
    }
  }
}

/** The controller in a component: its view as state, the run stopped when the component goes. */
export function useRecipeRun(environment: () => SessionEnvironment) {
  const [view, setView] = useState<RunView>({ phase: 'idle', events: [] });
  const ref = useRef<RecipeRun | undefined>(undefined);
  const controller = useCallback(() => {
    ref.current ??= new RecipeRun(environment(), setView);
    return ref.current;
  }, [environment]);
  useEffect(() => () => ref.current?.stop(), []);
  return {
    view,
    start: (request: RunRequest, mode: Mode) => void controller().start(request, mode),
    resume: (mode: Mode) => void controller().resume(mode),
    confirm: (accepted: boolean) => controller().confirm(accepted),
    stop: () => controller().stop(),
  };
}
