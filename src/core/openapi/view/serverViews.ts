import { isObject, resolveRef, text, type JsonObject, type OperationRef } from '../document';
import { filledServerUrl, hasUrlScheme, serverUrlProblem, serverVariables } from '../servers';
import type { ServerView } from './types';

// cspell:words hostless

/** The Server Objects of a call: its own, else its path's, else the document's (each level overrides the one above). */
function serverObjects(document: JsonObject, ref: OperationRef): JsonObject[] {
  const pathItem = resolveRef<JsonObject>(document, (document.paths as JsonObject)[ref.path] ?? {});
  const servers = [ref.operation.servers, pathItem.servers, document.servers].find(
    (candidate) => Array.isArray(candidate) && candidate.length > 0,
  );
  return Array.isArray(servers) ? servers.filter(isObject) : [];
}

/** A relative server URL a page may show as text: a path of plain characters, variables allowed. */
const plainRelativeUrl = /^\/?[A-Za-z0-9\-._~%/+,;=:@{}]*$/;

export function hostlessServers(document: JsonObject, ref: OperationRef): string[] {
  return serverObjects(document, ref)
    .map((server) => text(server.url))
    .filter((url) => url !== '' && !hasUrlScheme(url) && plainRelativeUrl.test(url));
}

export function serverViews(document: JsonObject, ref: OperationRef): ServerView[] {
  const servers = serverObjects(document, ref);
  // Only URLs through the one gate for server URLs reach a page, a sample or the explorer.
  return servers
    .map((server): ServerView => {
      const variables = serverVariables(server);
      return {
        url: filledServerUrl(server),
        ...(text(server.name) ? { name: text(server.name) } : {}),
        description: text(server.description),
        ...(variables.length > 0 ? { template: text(server.url), variables } : {}),
      };
    })
    .filter((server) => serverUrlProblem(server.url) === undefined);
}
