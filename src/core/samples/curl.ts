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
  const queryCredentials = request.credentials.filter(({ placement }) => placement.in === 'query');
  // With --get, curl writes the data as the query and drops one set by --url-query: on a GET every pair is data.
  const getData = get && (request.query.length > 0 || queryCredentials.length > 0);
  if (getData) {
    lines.push('--get');
    for (const [name, value] of request.query) lines.push(`--data-urlencode ${shellQuoted(`${name}=${value}`)}`);
  }
  for (const { placement, variable } of request.credentials) {
    // A name from the document is a single-quoted word; the variable is expanded in double quotes beside it.
    const value = `"\${${variable}:?is not set}"`;
    if (placement.scheme === 'basic') lines.push(`--user ${value}`);
    else if (placement.in === 'query') {
      lines.push(`${getData ? '--data-urlencode' : '--url-query'} ${shellQuoted(`${placement.name}=`)}${value}`);
    } else if (placement.in === 'cookie') lines.push(`--cookie ${shellQuoted(`${placement.name}=`)}${value}`);
    else if (placement.scheme === 'bearer' && placement.name === 'Authorization') {
      lines.push(`--header "Authorization: Bearer \${${variable}:?is not set}"`);
    } else {
      const prefix = placement.scheme === 'bearer' ? 'Bearer ' : '';
      lines.push(`--header ${shellQuoted(`${placement.name}: ${prefix}`)}${value}`);
    }
  }
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
