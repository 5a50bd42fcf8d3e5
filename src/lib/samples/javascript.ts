import { fetchCall } from './fetch';
import type { SampleEnvironment } from './settings';
import type { SampleRequest } from './request';
import { quoted } from './quoting';

export function javascript(request: SampleRequest, env: SampleEnvironment): string {
  const credential = request.secured ? 'credential' : '';
  const parameters = [...(request.secured ? [credential] : []), `baseUrl = ${quoted(request.server)}`].join(', ');
  return [
    `// In a browser: your app passes the credential (${env.credentialVariable} elsewhere in these docs).`,
    `export async function ${request.name}(${parameters}) {`,
    ...fetchCall(request, credential, '  '),
    '  if (!response.ok) throw new Error(`HTTP ${response.status}: ${body}`);',
    '  return JSON.parse(body);',
    '}',
  ].join('\n');
}
