import { withWebhookDetails } from './view/webhookDetails';
import { positiveIntegerFrom } from '../env';
import { hash53 } from '../text/hash';
import type { MarkdownTrees } from '../markdown/tree';
import { isObject, listOperations, text, type JsonObject } from './document';
import type { SampleSettings } from '../samples';
import {
  kebabCase,
  operationSchemaRoots,
  operationView,
  referencedSchemaSteps,
  webhookViews,
  type OperationView,
  type SchemaNode,
  type WebhookView,
} from './view';

/**
 * The single-page reference of an API as data: every call grouped by its first tag (in the order the document
 * declares its tags), and the fields of every named schema the calls reach. The server
 * renders it from the build-time document and the browser computes it again from the document it loads, so both
 * must come from this one function.
 */

export interface ReferenceGroup {
  /** Element id of the group: `tag-championships`. */
  id: string;
  name: string;
  description: string;
  calls: OperationView[];
}

export interface ReferenceModel {
  /** How the calls' samples are written (each call's are built when it renders, in the chosen language only). */
  samples: SampleSettings;
  title: string;
  version: string;
  description: string;
  groups: ReferenceGroup[];
  /** The requests the API sends to the reader's endpoint (OpenAPI 3.1 `webhooks`), after the calls. */
  webhooks: WebhookView[];
  schemas: Record<string, SchemaNode>;
  /** The parsed descriptions the page shows (see `ReferenceOptions.markdown`). */
  markdown: MarkdownTrees;
}

export interface ReferenceOptions {
  /** Id of the API's document: `data-v4`. */
  api: string;
  /** The samples' environment convention and the server they call when the document names none. */
  samples: SampleSettings;
  /**
   * Parsed descriptions already known (src/core/markdown/parse.ts): the server's, written by the plugin. The browser
   * parses the descriptions of the document it loads (src/components/SinglePageReference/markdown.ts).
   */
  markdown?: MarkdownTrees;
}

export function referenceModel(document: JsonObject, options: ReferenceOptions): ReferenceModel {
  const steps = referenceModelSteps(document, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same model, built in slices of about `sliceMs` of work with `yieldToMain` between them: the browser builds it
 * after hydration starts, and in one piece it was one of the page's longest tasks (some 50-60 ms for 64 calls).
 */
export async function referenceModelInSlices(
  document: JsonObject,
  options: ReferenceOptions,
  yieldToMain: () => Promise<void>,
  sliceMs = 8,
): Promise<ReferenceModel> {
  const steps = referenceModelSteps(document, options);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToMain();
      sliceStart = performance.now();
    }
  }
}

/** `referenceModel`'s work, pausing after each call, before the schemas and after each one, so both runners share it. */
function* referenceModelSteps(document: JsonObject, options: ReferenceOptions): Generator<void, ReferenceModel> {
  const info = isObject(document.info) ? document.info : {};
  const views: OperationView[] = [];
  for (const ref of listOperations(document)) {
    views.push(operationView(document, options.api, ref));
    yield;
  }
  const declared = Array.isArray(document.tags)
    ? document.tags.filter(isObject).map((tag) => ({ name: text(tag.name), description: text(tag.description) }))
    : [];
  const names = [...new Set([...declared.map((tag) => tag.name), ...views.flatMap((view) => view.tags.slice(0, 1))])];
  const groups: ReferenceGroup[] = names.filter(Boolean).map((name) => ({
    id: `tag-${kebabCase(name) || 'x'}`,
    name,
    description: declared.find((tag) => tag.name === name)?.description ?? '',
    calls: views.filter((view) => view.tags[0] === name),
  }));
  const untagged = views.filter((view) => view.tags.length === 0);
  if (untagged.length > 0) {
    groups.push({
      id: 'tag-other-calls',
      name: 'Other calls',
      description: '',
      calls: untagged,
    });
  }
  // Tag ids are unique on the page, and yield to a call's: a call's slug is its public anchor (`#tag-players` is the
  // call `tagPlayers` if there is one, and its title's id beside it), so the tag takes the next free id.
  const seen = new Set<string>(views.flatMap((view) => [view.slug, `${view.slug}-title`]));
  for (const group of groups) {
    let id = group.id;
    for (let n = 2; seen.has(id); n += 1) id = `${group.id}-${n}`;
    group.id = id;
    seen.add(id);
  }
  yield;
  const webhooks = withWebhookDetails(document, webhookViews(document, options.api));
  const schemas = yield* referencedSchemaSteps(
    document,
    [...views, ...webhooks.map((webhook) => webhook.operation)].flatMap(operationSchemaRoots),
  );
  return {
    samples: options.samples,
    title: text(info.title),
    version: text(info.version),
    description: text(info.description),
    groups: groups.filter((group) => group.calls.length > 0),
    webhooks,
    schemas,
    markdown: options.markdown ?? {},
  };
}

/** The element id of the single page's webhooks, after the calls' tags (theirs start with `tag-`). */
export const webhooksGroupId = 'api-webhooks';

/** The element id of a webhook on the single page: its page's slug as one word (`webhooks-podcast-deleted`). */
export function webhookId(webhook: WebhookView): string {
  return webhook.slug.replace(/\//g, '-');
}

/**
 * A fingerprint of a parsed document (53-bit, over its JSON text, key order included), so the page can tell whether
 * the document it loads is the one it was built with without shipping that document twice.
 */
export function documentFingerprint(document: unknown): string {
  return hash53(JSON.stringify(document));
}

/**
 * How many calls the single-page reference renders in full on the server unless `REFERENCE_FULL_CALLS` says
 * otherwise. Past it, a call is sent as its title, verb, path and a link to its own page, and rendered whole in the
 * browser when it comes near the screen. The budget is about as many calls as today's Data API has, so a page never
 * parses much more HTML in full than today's whole page (about 1 MB), however large the document grows: at 16 times
 * today's Data API (1,024 calls) 128 calls in full made 2.8 MB of HTML, and parsing and laying it out ended the
 * page's last long task at 2.3-2.4 s; with 64, 1.8 MB and 1.6-1.7 s. Today's documents are within it, so their page
 * is whole without JavaScript.
 */
export const defaultFullCalls = 64;

/** The budget of calls rendered in full from `REFERENCE_FULL_CALLS`; anything but a whole number above 0 is refused. */
export function fullCallsFrom(env: Record<string, string | undefined>): number {
  return positiveIntegerFrom(env, 'REFERENCE_FULL_CALLS', defaultFullCalls, 'calls');
}

/** The slugs of the calls rendered in full: the first `budget` in the page's order (tag by tag). */
export function fullyRenderedCalls(groups: readonly ReferenceGroup[], budget: number): Set<string> {
  return new Set(
    groups
      .flatMap((group) => group.calls)
      .slice(0, budget)
      .map((view) => view.slug),
  );
}
