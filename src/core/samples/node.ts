import { fetchCall } from './fetch';
import type { SampleEnvironment } from './settings';
import { type SampleRequest, headerComment } from './request';
import { quoted } from './quoting';

export function node(request: SampleRequest, env: SampleEnvironment): string {
  return [
    ...(request.body?.multipart?.some((part) => part.file) ? ["import { readFile } from 'node:fs/promises';", ''] : []),
    `const baseUrl = process.env.${env.baseUrlVariable} || ${quoted(request.server)};`,
    ...request.credentials.flatMap(({ variable, local }) => [
      `const ${local} = process.env.${variable};`,
      `if (!${local}) throw new Error('Set ${variable}');`,
    ]),
    ...headerComment(request, env.credentialVariable, '//'),
    '',
    ...fetchCall(request, '', true),
    'if (!response.ok) {',
    '  console.error(`HTTP ${response.status}: ${body}`);',
    '  process.exit(1);',
    '}',
    'console.log(body);',
  ].join('\n');
}
