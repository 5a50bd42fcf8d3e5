import { fetchCall } from './fetch';
import type { SampleEnvironment } from './settings';
import type { SampleRequest } from './request';
import { quoted } from './quoting';

export function javascript(request: SampleRequest, env: SampleEnvironment): string {
  // A cookie credential is the browser's own: the function takes the others.
  const passed = request.credentials.filter(({ placement }) => placement.in !== 'cookie').map(({ local }) => local);
  const parameters = [...passed, `baseUrl = ${quoted(request.server)}`].join(', ');
  return [
    `// In a browser: your app passes the credential (${env.credentialVariable} elsewhere in these docs).`,
    `export async function ${request.name}(${parameters}) {`,
    ...fetchCall(request, '  '),
    '  if (!response.ok) throw new Error(`HTTP ${response.status}: ${body}`);',
    '  return JSON.parse(body);',
    '}',
  ].join('\n');
}
