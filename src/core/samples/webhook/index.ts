import type { WebhookSigning } from '../../openapi/webhookSigning';
import { sampleLanguages, type CodeSample, type SampleLanguage } from '../languages';
import { csharp } from './csharp';
import { go } from './go';
import { java } from './java';
import { javascript } from './javascript';
import { node } from './node';
import { perl } from './perl';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { shell } from './shell';

/** A webhook handler in one language: the code, the file to save it as, and the command that runs it. */
export interface WebhookSample extends CodeSample {
  file: string;
  run: string;
}

export interface WebhookProgram {
  code: string;
  file: string;
  run: string;
  /** The tab's label where it is not the request samples' (the shell handler is no curl call). */
  label?: string;
}

/**
 * What every handler holds a delivery to before it is checked, the receiver's own choice rather than the scheme's: a
 * body over `maxBodyBytes` is refused with 413 unread, and a sender that has not sent its whole request within
 * `readTimeoutSeconds` is cut off, so a slow or hostile client holds neither memory nor a worker for long.
 */
export const handlerLimits = { maxBodyBytes: 1_048_576, readTimeoutSeconds: 10 } as const;

/*
 * The webhook handlers: one signing scheme (src/core/openapi/webhookSigning.ts, from the document) written out by one
 * module per language, in the request samples' languages and tab order, so a reader's chosen language holds on the
 * webhooks page too. Each handler reads at most `handlerLimits` of a request (400 for a Content-Length that is not
 * the body's, 413 over the cap), accepts the delivery when any of its signatures (at most `maxSignatures`, repeated
 * headers or comma-separated) matches the one computed over the timestamp and the raw body, compared in constant
 * time where the language has a comparison for it, and rejects a delivery older than the tolerance (401); a genuine
 * delivery that is not a JSON object with `event_id` and `event` gets 400. It answers at once, and skips an event id
 * it has already handled where it lives long enough to remember one; a server handles each connection apart. Every value of the scheme reaches the
 * code through the language's own literal (../quoting.ts) after webhookSigning checked it against a narrow pattern.
 */
const writers: Record<SampleLanguage, (signing: WebhookSigning) => WebhookProgram> = {
  curl: shell,
  javascript,
  node,
  python,
  go,
  csharp,
  java,
  php,
  ruby,
  perl,
};

export function webhookSamples(signing: WebhookSigning): WebhookSample[] {
  return sampleLanguages.map(({ id, label, prism }) => {
    const program = writers[id](signing);
    return {
      language: id,
      label: program.label ?? label,
      prism,
      code: program.code,
      file: program.file,
      run: program.run,
    };
  });
}

/** The name a CGI server gives a request header in the environment: `Arena-Signature` → `HTTP_ARENA_SIGNATURE`. */
export function cgiVariable(header: string): string {
  return `HTTP_${header.toUpperCase().replace(/-/g, '_')}`;
}
