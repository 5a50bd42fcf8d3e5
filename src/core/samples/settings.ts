import { isObject, type JsonObject } from '../openapi/document';
import type { ParameterValues, RequestInput } from '../openapi/request';
import { firstTrustedServer, serverUrlProblem, usableServerUrls } from '../openapi/servers';
import type { OperationView } from '../openapi/view';

/** The site's one environment convention (config/apis.ts): where samples read the credential and the base URL. */
export interface SampleEnvironment {
  /** Holds the credential: `ARENA_API_KEY`. */
  credentialVariable: string;
  /** Holds the API's base URL, when it is not the production server: `ARENA_DATA_API_URL`. */
  baseUrlVariable: string;
}

/**
 * What a page needs to write its samples: the convention, the origins a sample may call (the API's own hosts and
 * the local mock), and the server to call when the operation names none of those.
 */
export interface SampleSettings extends SampleEnvironment {
  fallbackServer: string;
  trustedOrigins: readonly string[];
}

/**
 * The base URL a sample calls when the environment names none: the server the reader chose in the explorer, then
 * the operation's first server, each only when it is on one of the API's own hosts or the local mock; otherwise the
 * page's fallback. A document cannot make a sample send the reader's credential anywhere else.
 */
export function sampleServer(operation: OperationView, settings: SampleSettings, chosen?: string): string {
  const candidates = [...(chosen === undefined ? [] : [chosen]), ...operation.servers.map((server) => server.url)];
  return firstTrustedServer(candidates, settings.trustedOrigins) ?? settings.fallbackServer;
}

/**
 * A page's sample settings for a document: the convention, the trusted origins, and as the fallback the document's
 * first server on one of those origins, or the local mock when it names none.
 */
export function sampleSettings(
  document: JsonObject,
  options: SampleEnvironment & { mockUrl: string; trustedOrigins: readonly string[] },
): SampleSettings {
  return {
    credentialVariable: options.credentialVariable,
    baseUrlVariable: options.baseUrlVariable,
    trustedOrigins: options.trustedOrigins,
    fallbackServer:
      firstTrustedServer(usableServerUrls(document.servers), options.trustedOrigins) ??
      mockWithRelativePath(document, options.mockUrl),
  };
}

/**
 * The local mock, under the document's first server when that is a relative path (`/api/v2`) that no address could
 * be read against (a vendored document; a fetched one has it made absolute by the document step): the samples keep
 * the path, so a call never loses it. A path with a variable or anything but plain characters is not used.
 */
function mockWithRelativePath(document: JsonObject, mockUrl: string): string {
  const first = Array.isArray(document.servers) && isObject(document.servers[0]) ? document.servers[0].url : undefined;
  if (typeof first !== 'string' || !/^\/[A-Za-z0-9\-._~%/]*$/.test(first)) return mockUrl;
  const joined = `${mockUrl.replace(/\/+$/, '')}${first.replace(/\/+$/, '')}`;
  return serverUrlProblem(joined) === undefined ? joined : mockUrl;
}

export interface SampleOptions extends SampleEnvironment {
  /** The base URL a sample calls when the environment names none: the document's first server. */
  serverUrl: string;
  /** The values to send (what the reader typed in the explorer); by default the document's examples. */
  values?: ParameterValues;
  /** The body to send; by default the first media type's example. */
  body?: RequestInput['body'];
}
