import { webhookSamples, type WebhookSample } from '../samples/webhook';
import type { JsonObject } from './document';
import { webhookViews, type WebhookDetails } from './view';
import { subscriptionTypes, webhookDetails, type SubscriptionTypeView } from './view/webhookDetails';
import { webhookSigning, WebhookSigningError, type WebhookSigning } from './webhookSigning';

/** An event as the webhooks page lists it. */
export interface WebhookEventEntry {
  name: string;
  /** Its page, under the API's route: `webhooks/hub-created`. */
  slug: string;
  summary: string;
  /** Ids of the subscription types that deliver it. */
  subscriptionTypes: string[];
  provenance: WebhookDetails['provenance'];
  fetch?: WebhookDetails['fetch'];
}

/**
 * What the webhooks page shows of an API's document, written at build time beside its facts: the events grouped by
 * the entity they are about (their first tag), the subscription types and their scopes, the signing scheme and the
 * handler in every sample language. A scheme the samples cannot be written for is reported, not guessed at.
 */
export interface WebhookIndex {
  api: string;
  title: string;
  /** Route of the API's generated pages: `/docs/data-api`. */
  linkBase: string;
  subscriptionTypes: SubscriptionTypeView[];
  groups: { entity: string; events: WebhookEventEntry[] }[];
  /** What is documented and what is modelled, over all events, one sentence per part. */
  provenance: string[];
  signing?: WebhookSigning;
  /** Why the document's `x-webhook-signing` could not be used. */
  signingProblem?: string;
  handlers: WebhookSample[];
}

const partNames = { event: 'The event', subscriptionTypes: 'Who receives it', payload: 'The body' } as const;

/**
 * What is documented and what is modelled, over all events, one line per part: "Who receives it: documented by
 * the provider for 12 events; modelled by this portal for match_status_cancelled."
 */
function provenanceSummary(events: WebhookEventEntry[]): string[] {
  return (Object.keys(partNames) as (keyof typeof partNames)[]).flatMap((part) => {
    const by = (value: string) => events.filter((event) => event.provenance[part] === value);
    const phrases = [
      ['documented', 'documented by the provider'],
      ['modelled', 'modelled by this portal'],
    ].flatMap(([value, words]) => {
      const matching = by(value);
      if (matching.length === 0) return [];
      if (matching.length === events.length) return [`${words} for every event`];
      const which = matching.length <= 3 ? matching.map((event) => event.name).join(', ') : `${matching.length} events`;
      return [`${words} for ${which}`];
    });
    return phrases.length > 0 ? [`${partNames[part]}: ${phrases.join('; ')}.`] : [];
  });
}

export function webhookIndex(document: JsonObject, api: string, title: string, linkBase: string): WebhookIndex {
  const views = webhookViews(document, api);
  const groups = new Map<string, WebhookEventEntry[]>();
  for (const view of views) {
    const entity = view.operation.tags[0] ?? 'Other events';
    const details = webhookDetails(document, view);
    const events = groups.get(entity) ?? [];
    events.push({
      name: view.name,
      slug: view.slug,
      summary: view.operation.summary,
      subscriptionTypes: details.subscriptionTypes.map((type) => type.id),
      provenance: details.provenance,
      ...(details.fetch ? { fetch: details.fetch } : {}),
    });
    groups.set(entity, events);
  }
  let signing: WebhookSigning | undefined;
  let signingProblem: string | undefined;
  try {
    signing = webhookSigning(document);
  } catch (error) {
    if (!(error instanceof WebhookSigningError)) throw error;
    signingProblem = error.message;
  }
  return {
    api,
    title,
    linkBase,
    subscriptionTypes: subscriptionTypes(document),
    groups: [...groups].map(([entity, events]) => ({ entity, events })),
    provenance: provenanceSummary([...groups.values()].flat()),
    ...(signing ? { signing } : {}),
    ...(signingProblem ? { signingProblem } : {}),
    handlers: signing ? webhookSamples(signing) : [],
  };
}
