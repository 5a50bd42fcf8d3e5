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
