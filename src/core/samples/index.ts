import type { OperationView } from '../openapi/view';
import { csharp } from './csharp';
import { curl } from './curl';
import { go } from './go';
import { java } from './java';
import { javascript } from './javascript';
import { sampleLanguages, type CodeSample, type SampleLanguage } from './languages';
import { node } from './node';
import { perl } from './perl';
import { php } from './php';
import { python } from './python';
import { sampleRequest, type SampleRequest } from './request';
import { ruby } from './ruby';
import type { SampleEnvironment, SampleOptions } from './settings';

/*
 * The code samples: one request model (request.ts) written out by one module per language, behind this registry.
 * Adding a language is a module and a line here and in languages.ts; the browser and the build call only
 * `codeSamples`. A document's own samples (`x-codeSamples`) are not written here: they are data of the operation's
 * view (`documentSamples`), shown beside these, and never run by the samples' tests.
 */
export {
  documentSampleId,
  documentSampleLimits,
  documentSamplePrism,
  sampleLanguages,
  type CodeSample,
  type SampleLanguage,
} from './languages';
export {
  sampleServer,
  sampleSettings,
  type SampleEnvironment,
  type SampleOptions,
  type SampleSettings,
} from './settings';

const renderers: Record<SampleLanguage, (request: SampleRequest, env: SampleEnvironment) => string> = {
  curl,
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

/**
 * The code samples of an operation: one request, with the document's example values (or the reader's, from the
 * explorer), in every language or only in `only`.
 */
export function codeSamples(
  view: OperationView,
  options: SampleOptions,
  only?: readonly SampleLanguage[],
): CodeSample[] {
  const request = sampleRequest(view, options);
  return sampleLanguages
    .filter(({ id }) => !only || only.includes(id))
    .map(({ id, label, prism }) => ({
      language: id,
      label,
      prism,
      code: renderers[id](request, options),
    }));
}
