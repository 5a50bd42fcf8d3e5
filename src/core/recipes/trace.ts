import { markdownText } from '../text/escape';
import type { HttpRequest } from '../openapi/request';
import type { TraceEvent } from './runModel';

/**
 * A run's trace as Markdown, for "copy the trace": each step with the request as sent, the answer, the criteria met
 * or failed, the values kept and what came next. The runner hides credentials before any event leaves it, so the
 * trace holds none; every text from a document or an answer is escaped or fenced here, so none becomes a link,
 * HTML or the end of a code block.
 */

/**
 * A code span whose backtick fence is longer than any run inside it. The same rule as `markdownCode` of
 * src/core/markdown/write.ts, written again here because that module brings the Markdown writer (mdast, micromark)
 * into the recipe page's bundle, for five lines.
 */
function markdownCode(code: string): string {
  const flat = code.replace(/\s*\n\s*/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A fenced code block whose fence is longer than any run of backticks inside it. */
function codeBlock(text: string, language = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/**
 * The most characters of one value (inputs, kept outputs) a trace shows: a step may keep a whole page of matches,
 * and a trace is for reading and pasting into an issue.
 */
export const traceValueLimit = 4_000;

function json(value: unknown): string {
  const text = JSON.stringify(value ?? null, null, 2);
  return text.length > traceValueLimit
    ? `${codeBlock(text.slice(0, traceValueLimit), 'text')}\n\n(cut at ${traceValueLimit} characters)`
    : codeBlock(text, 'json');
}

function requestText(request: HttpRequest): string {
  const lines = [`${request.method} ${request.url}`, ...request.headers.map(([name, value]) => `${name}: ${value}`)];
  return codeBlock(request.body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${request.body}`, 'http');
}

function answerBody(body: string, cut: boolean): string {
  let text = body;
  let language = 'text';
  if (!cut) {
    try {
      text = JSON.stringify(JSON.parse(body), null, 2);
      language = 'json';
    } catch {
      // Not JSON: shown as the text it is.
    }
  }
  return codeBlock(text, language);
}

/** `(in workflow x, called by y)` for a step below the entry workflow. */
function where(event: TraceEvent): string {
  return event.depth > 0 ? ` (in ${markdownCode(event.workflowId)}, call depth ${event.depth})` : '';
}

export function traceMarkdown(events: readonly TraceEvent[], options: { title?: string } = {}): string {
  const out: string[] = [];
  const finished = events.find((event) => event.type === 'run-finished');
  const entry = events[0]?.workflowId ?? '';
  out.push(`# ${options.title ? markdownText(options.title) : 'Recipe run'}: ${markdownCode(entry)}`);
  if (finished?.type === 'run-finished') {
    out.push(
      [
        `- Result: **${finished.status}** after ${finished.steps} ${finished.steps === 1 ? 'step' : 'steps'}`,
        ...(finished.reason ? [`- Why: ${markdownText(finished.reason)}`] : []),
      ].join('\n'),
    );
  } else {
    out.push('- Result: still running');
  }
  let number = 0;
  for (const event of events) {
    switch (event.type) {
      case 'workflow-started':
        out.push(
          `Workflow ${markdownCode(event.workflowId)} started${event.calledBy ? ` by step ${markdownCode(event.calledBy)}` : ''}${where(event)}, with the inputs:`,
          json(event.inputs),
        );
        break;
      case 'step-started':
        number += 1;
        out.push(
          `## ${number}. ${markdownCode(event.stepId)}${event.attempt > 1 ? `, attempt ${event.attempt}` : ''}${where(event)}`,
          [...(event.description ? [markdownText(event.description)] : []), `Calls ${markdownCode(event.calls)}.`].join(
            '\n\n',
          ),
        );
        break;
      case 'confirmation':
        out.push(
          !event.accepted
            ? 'This step writes and was **not** confirmed: nothing was sent. The request it would have sent:'
            : event.unasked !== undefined
              ? `This step writes: it was sent without asking, because ${markdownText(event.unasked)}.`
              : 'This step writes: it was confirmed before it was sent.',
        );
        if (!event.accepted) out.push(requestText(event.request));
        break;
      case 'request':
        out.push('Request:', requestText(event.request));
        break;
      case 'answer':
        out.push(
          `Answer: **${event.status}**${event.bodyCut ? ' (the body is cut here)' : ''}`,
          ...(event.body === '' ? [] : [answerBody(event.body, event.bodyCut)]),
        );
        break;
      case 'criterion':
        out.push(
          `- ${event.met ? 'met' : '**not met**'}: ${markdownCode(event.condition)}${event.reason && !event.met ? ` (${markdownText(event.reason)})` : ''}`,
        );
        break;
      case 'outputs':
        if (Object.keys(event.outputs).length > 0) out.push('Kept for the next steps:', json(event.outputs));
        break;
      case 'action': {
        const name = event.name ? ` (action ${markdownCode(event.name)})` : '';
        const target = event.target ? ` ${markdownCode(event.target)}` : '';
        const said = {
          next: event.target ? `Next: step${target}.` : 'Next: the workflow ends after its last step.',
          end: `Next: the workflow ends${name}.`,
          goto: `Next: go to${target}${name}.`,
          retry: `Next: try${target} again${name}.`,
          fail: `The step failed and no action handles it: the workflow fails${event.reason ? ` (${markdownText(event.reason)})` : ''}.`,
        }[event.action];
        out.push(said);
        break;
      }
      case 'workflow-finished':
        out.push(
          `Workflow ${markdownCode(event.workflowId)} **${event.status}**${event.reason ? ` (${markdownText(event.reason)})` : ''}${where(event)}, with the outputs:`,
          json(event.outputs),
        );
        break;
      case 'run-finished':
        break;
    }
  }
  return `${out.join('\n\n')}\n`;
}
