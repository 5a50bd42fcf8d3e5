import { shellQuoted } from '../text/escape';
import type { SampleEnvironment } from './settings';
import { timeoutSeconds, type SampleRequest, encodedPath, filePlaceholder } from './request';

export function curl(request: SampleRequest, env: SampleEnvironment): string {
  const get = request.method === 'GET';
  const url = `${request.server}${encodedPath(request)}`;
  const withQuery =
    !get && request.query.length > 0 ? `?${new URLSearchParams(request.query).toString().replaceAll('+', '%20')}` : '';
  const lines = [
    // --fail-with-body prints the body of an error and exits 22; --retry waits as long as a 429's Retry-After says.
    'curl --fail-with-body --silent --show-error',
    `--max-time ${timeoutSeconds} --retry 1`,
    ...(get ? [] : [`--request ${request.method}`]),
    `"$base_url"${shellQuoted(url.slice(request.server.length) + withQuery)}`,
  ];
  if (get && request.query.length > 0) {
    lines.push('--get');
    for (const [name, value] of request.query) lines.push(`--data-urlencode ${shellQuoted(`${name}=${value}`)}`);
  }
  if (request.secured) lines.push(`--header "Authorization: Bearer \${${env.credentialVariable}:?is not set}"`);
  for (const [name, value] of request.headers) lines.push(`--header ${shellQuoted(`${name}: ${value}`)}`);
  if (request.body?.multipart) {
    // --form-string sends text as it is (a leading @ or < would make --form read a file); a file field reads one.
    for (const part of request.body.multipart) {
      lines.push(
        part.file
          ? `--form ${shellQuoted(`${part.name}=@${filePlaceholder}`)}`
          : `--form-string ${shellQuoted(`${part.name}=${part.value}`)}`,
      );
    }
  } else if (request.body?.form) {
    for (const [name, value] of request.body.form) lines.push(`--data-urlencode ${shellQuoted(`${name}=${value}`)}`);
  } else if (request.body?.json !== undefined) {
    lines.push(`--data ${shellQuoted(request.body.json)}`);
  }
  // The default base URL is a single-quoted word in an assignment: the shell takes it as it is written (no
  // expansion, no command substitution), whatever a document's server says, and the reader's variable wins.
  return `base_url=\${${env.baseUrlVariable}:-${shellQuoted(request.server)}}\n${lines.join(' \\\n  ')}`;
}
