/**
 * `npm run webhooks:send`: posts a signed example delivery of a webhook event to an endpoint of yours, as the
 * platform would, and prints what it answered, so a handler can be tested before it is registered.
 *
 *   npm run webhooks:send -- --list
 *   npm run webhooks:send -- --event match_status_cancelled --to http://127.0.0.1:8080/webhooks
 *   npm run webhooks:send -- --event hub_created --to https://<your tunnel>/webhooks --secret <secret> --repeat 1
 *
 * The body is the event's example from the API's document (the built site's copy, else the vendored one), with
 * fresh ids and the time now; it is signed by the document's scheme (`x-webhook-signing`) with `--secret` or the
 * scheme's variable (`WEBHOOK_SECRET`). A failed delivery (no answer, or not 2xx) is retried like the platform
 * does (`--retries`, default 3, waits doubling from `--wait` ms); `--repeat <n>` sends the acknowledged delivery n
 * more times with the same `event_id`, to test that the endpoint handles an event once. `--document <file>` reads
 * the events from another document (of the first API, or of `--api <key>`). Exit code 0 when every
 * delivery was acknowledged, 1 when one was not, 2 for a usage error.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { apis } from '../../config/apis';
import { parseDocumentText } from '../../src/core/openapi/parse';
import { webhookViews } from '../../src/core/openapi/view';
import { webhookSigning } from '../../src/core/openapi/webhookSigning';
import { mockDocument } from '../mock/mockServer';
import { exampleDelivery, sendDelivery, type Attempt } from './webhookSender';
import { terminalText } from '../../src/core/text/escape';
import { readCli, UsageError, type CliSpec } from '../lib/cli';

const tag = '[webhooks:send]';

const cli = {
  command: 'npm run webhooks:send',
  tag,
  summary:
    "Posts a signed example delivery of a webhook event to your endpoint, as the platform would, and prints what it answered. The body is the event's example from the API's document, signed by its x-webhook-signing scheme.",
  usage: ['--event <name> --to <url> [--secret <secret>] [--repeat <n>] [--retries <n>] [--wait <ms>]', '--list'],
  options: {
    event: { type: 'string', value: 'name', description: 'the event to send (--list names them)' },
    to: { type: 'string', value: 'url', description: 'your endpoint, an http:// or https:// URL' },
    secret: { type: 'string', value: 'secret', description: 'the secret your endpoint verifies with' },
    repeat: {
      type: 'string',
      value: 'n',
      description: 'sends the acknowledged delivery n more times, same event_id (0)',
    },
    retries: { type: 'string', value: 'n', description: 'retries of a failed delivery (3, at most 10)' },
    wait: { type: 'string', value: 'ms', description: 'the first wait before a retry, doubling after (1000)' },
    api: { type: 'string', value: 'key', description: 'the API whose events to send (the first with webhooks)' },
    document: { type: 'string', value: 'file', description: "reads the events from this document (the API's)" },
    list: { type: 'boolean', description: "lists the API's events" },
  },
  environment: { WEBHOOK_SECRET: "the secret, without --secret (the scheme's variable)" },
  footer: 'Exit code 0: every delivery acknowledged; 1: one was not; 2: a wrong call.',
} satisfies CliSpec;

function count(value: string | undefined, name: string, fallback: number, maximum: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) > maximum) {
    throw new UsageError(`--${name} takes a whole number from 0 to ${maximum}`);
  }
  return Number(value);
}

function describeAttempt(attempt: Attempt, round: string): string {
  const outcome =
    attempt.status === undefined
      ? `no answer: ${terminalText(attempt.error ?? 'unknown error')}`
      : `${attempt.status} ${terminalText(attempt.statusText ?? '')}`.trim();
  const body = attempt.body ? `\n    ${terminalText(attempt.body).replace(/\n/g, '\n    ')}` : '';
  return `  attempt ${attempt.attempt} (${round}, retry_count ${attempt.retryCount}): ${outcome} in ${attempt.milliseconds} ms${body}`;
}

async function main(): Promise<number> {
  const { values } = readCli(cli);
  // --document stands for one API's document: --api's, or the first API's.
  const candidates = values.document ? apis.filter((api) => api.key === (values.api ?? apis[0].key)) : apis;
  const withHooks = candidates.flatMap((api) => {
    const document = parseDocumentText(readFileSync(values.document ?? mockDocument(api.key), 'utf8'));
    const webhooks = webhookViews(document, api.id);
    return webhooks.length > 0 ? [{ api, document, webhooks }] : [];
  });
  const chosen = values.api ? withHooks.find(({ api }) => api.key === values.api) : withHooks[0];
  if (!chosen) {
    throw new UsageError(
      values.api
        ? `no API "${values.api}" with webhooks (APIs with webhooks: ${withHooks.map(({ api }) => api.key).join(', ') || 'none'})`
        : 'no API of config/apis.ts declares webhooks',
    );
  }
  // Names are the document's: shown to a terminal only through terminalText.
  const names = chosen.webhooks.map((webhook) => terminalText(webhook.name));
  if (values.list) {
    for (const webhook of chosen.webhooks) {
      console.log(`${terminalText(webhook.name)}\t${terminalText(webhook.operation.summary)}`);
    }
    return 0;
  }
  const webhook = chosen.webhooks.find((candidate) => candidate.name === values.event);
  if (!values.event || !webhook) {
    throw new UsageError(
      `${values.event ? `no event "${terminalText(values.event)}"` : '--event is required'}; the ${chosen.api.title}'s events: ${names.join(', ')}`,
    );
  }
  let url: URL;
  try {
    url = new URL(values.to ?? '');
  } catch {
    throw new UsageError('--to takes your endpoint, an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError('--to takes your endpoint, an http:// or https:// URL');
  }
  const signing = webhookSigning(chosen.document);
  if (!signing)
    throw new UsageError(`the ${chosen.api.title}'s document declares no signing scheme (x-webhook-signing)`);
  const secret = values.secret ?? process.env[signing.secretVariable];
  if (!secret)
    throw new UsageError(`pass --secret or set ${signing.secretVariable}: the secret your endpoint verifies with`);
  const repeat = count(values.repeat, 'repeat', 0, 100);
  const retries = count(values.retries, 'retries', 3, 10);
  const wait = count(values.wait, 'wait', 1_000, 60_000);
  const delivery = exampleDelivery(webhook);
  console.log(
    `${tag} ${terminalText(webhook.name)} (event_id ${typeof delivery.event_id === 'string' ? delivery.event_id : 'none'}) to ${url.href}`,
  );
  let round = 0;
  let tries = 0;
  const { ok } = await sendDelivery({
    url: url.href,
    signing,
    secret,
    delivery,
    repeat,
    retries,
    backoffMs: wait,
    onAttempt: (attempt) => {
      const label = round === 0 ? 'first delivery' : `repeat ${round} of ${repeat}`;
      console.log(describeAttempt(attempt, tries === 0 ? label : `${label}, retry ${tries}`));
      const acknowledged = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
      if (acknowledged) {
        round += 1;
        tries = 0;
      } else tries += 1;
    },
  });
  console.log(
    ok
      ? `${tag} acknowledged${repeat > 0 ? `, and ${repeat} repeat${repeat > 1 ? 's' : ''} of the same event_id` : ''}`
      : `${tag} not acknowledged after ${retries + 1} attempt${retries > 0 ? 's' : ''}: the platform would drop it`,
  );
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage = error instanceof UsageError;
    console.error(`${tag} ${error instanceof Error ? error.message : String(error)}`);
    process.exit(usage ? 2 : 1);
  },
);
