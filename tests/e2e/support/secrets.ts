/** Patterns of credentials that must never ship in the static build (issue: hostile input and secrets). */
export const secretPatterns: readonly [string, RegExp][] = [
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36}\b/],
  ['Slack token', /\bxox[baprs]-[A-Za-z0-9-]{10,}/],
  ['Stripe live key', /\b[sr]k_live_[0-9a-zA-Z]{24,}/],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
  ['bearer credential', /\bBearer\s+(?!<)[A-Za-z0-9._~+/-]{32,}=*/],
];

/** Names of the patterns found in a text. */
export function findSecrets(text: string): string[] {
  return secretPatterns.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}
