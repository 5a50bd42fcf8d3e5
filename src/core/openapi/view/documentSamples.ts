import { isObject, listOperations, resolveRef, text, type Json, type JsonObject } from '../document';
import { documentSampleLimits, documentSamplePrism } from '../../samples/languages';
import type { DocumentSampleView } from './types';

export { documentSampleLimits };

/** The spellings of the extension, in the order Redoc reads them: the first present is the call's. */
const spellings = ['x-codeSamples', 'x-code-samples'] as const;

/** A value with its `$ref`s followed, when they lead somewhere in the document; undefined otherwise. */
function followed(document: JsonObject, value: Json | undefined): Json | undefined {
  if (value === undefined) return undefined;
  try {
    return resolveRef(document, value);
  } catch {
    return undefined;
  }
}

/** A name on one line: runs of white space and control characters as one space, at most `label` characters. */
function oneLine(value: string): string {
  const characters = Array.from(value.replace(/[\s\p{Cc}]+/gu, ' ').trim());
  return characters.length > documentSampleLimits.label
    ? `${characters.slice(0, documentSampleLimits.label - 1).join('')}…`
    : characters.join('');
}

/** Source past the limit, cut at the last line end that keeps half of it or more, else at the limit itself. */
function cutSource(source: string): string {
  const limit = documentSampleLimits.characters;
  const line = source.lastIndexOf('\n', limit);
  if (line >= limit / 2) return source.slice(0, line);
  // Never half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(source[limit - 1] ?? '') ? limit - 1 : limit;
  return source.slice(0, end);
}

/**
 * Names made unique within the call, so each tab says which it is: a repeated label gets its `lang` after it
 * (`List plants (bash)`), and one still repeated a number.
 */
function uniqueLabels(samples: DocumentSampleView[]): DocumentSampleView[] {
  const counts = new Map<string, number>();
  for (const { label } of samples) counts.set(label, (counts.get(label) ?? 0) + 1);
  const seen = new Set<string>();
  return samples.map((sample) => {
    let label = sample.label;
    if ((counts.get(label) ?? 0) > 1 && sample.lang && sample.lang !== label) label = `${label} (${sample.lang})`;
    const base = label;
    for (let number = 2; seen.has(label); number += 1) label = `${base} ${number}`;
    seen.add(label);
    return label === sample.label ? sample : { ...sample, label };
  });
}

/**
 * A call's own samples (`x-codeSamples`: a list of `{ lang, label?, source }`), and what was wrong with any it left
 * out or cut. An entry that is not an object or has no source text, or has neither a `lang` nor a `label`, is
 * skipped; a source is text, never a `$ref` to a file (the pipeline refuses references outside the document).
 */
export function readDocumentSamples(
  document: JsonObject,
  operation: JsonObject,
): { samples: DocumentSampleView[]; problems: string[] } {
  const key = spellings.find((spelling) => spelling in operation);
  if (!key) return { samples: [], problems: [] };
  const list = followed(document, operation[key]);
  if (!Array.isArray(list)) return { samples: [], problems: [`${key} is not a list`] };
  const problems: string[] = [];
  const samples: DocumentSampleView[] = [];
  let past = 0;
  list.forEach((raw, index) => {
    const at = `${key}[${index}]`;
    const entry = followed(document, raw);
    if (!isObject(entry)) {
      problems.push(`${at} is not an object`);
      return;
    }
    const whole = followed(document, entry.source);
    const source = typeof whole === 'string' ? whole.replace(/\s+$/u, '') : '';
    const lang = oneLine(text(followed(document, entry.lang)));
    const label = oneLine(text(followed(document, entry.label))) || lang;
    if (source === '') {
      problems.push(`${at} has no source text`);
      return;
    }
    if (label === '') {
      problems.push(`${at} has neither a lang nor a label`);
      return;
    }
    if (samples.length === documentSampleLimits.samples) {
      past += 1;
      return;
    }
    const cut = source.length > documentSampleLimits.characters;
    if (cut) problems.push(`${at} is ${source.length} characters, cut to ${documentSampleLimits.characters}`);
    samples.push({
      label,
      lang,
      prism: documentSamplePrism(lang),
      source: cut ? cutSource(source) : source,
      ...(cut ? { cut: true as const } : {}),
    });
  });
  if (past > 0) problems.push(`${past} sample(s) past the first ${documentSampleLimits.samples} were left out`);
  return { samples: uniqueLabels(samples), problems };
}

const shown = 3;

/**
 * The build log's line on the document's own samples that were skipped or cut, naming the first few places; none
 * when every sample was read whole.
 */
export function documentSampleNotices(document: JsonObject): string[] {
  const problems = listOperations(document).flatMap(({ method, path, operation }) =>
    readDocumentSamples(document, operation).problems.map((problem) => `${method.toUpperCase()} ${path}: ${problem}`),
  );
  if (problems.length === 0) return [];
  const more = problems.length > shown ? `, and ${problems.length - shown} more` : '';
  return [
    `${problems.length} of the document's own code samples (x-codeSamples) were skipped or cut (${documentSampleLimits.samples} a call, ${documentSampleLimits.characters} characters each; an entry needs a source and a lang or label): ${problems.slice(0, shown).join('; ')}${more}`,
  ];
}
