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

/*
 * The webhook handlers: one signing scheme (src/lib/openapi/webhookSigning.ts, from the document) written out by one
 * module per language, in the request samples' languages and tab order, so a reader's chosen language holds on the
 * webhooks page too. Each handler verifies the signature over the timestamp and the raw body in constant time where
 * the language has a comparison for it, rejects a delivery older than the tolerance, answers at once, and skips an
 * event id it has already handled where it lives long enough to remember one. Every value of the scheme reaches the
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
