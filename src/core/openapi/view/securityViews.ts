import { isObject, resolveRef, text, type Json, type JsonObject } from '../document';
import type { AuthorizationCodeFlow, ClientCredentialsFlow, CredentialPlacement, SecurityView } from './types';

/** An absolute http(s) URL, as written; anything else (relative, another scheme, credentials in it) is none. */
function flowUrl(value: Json): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/** A flow's scopes: each a space-free printable token (RFC 6749 §3.3) with what it grants. */
function flowScopes(flow: JsonObject): Record<string, string> {
  const scopes: Record<string, string> = {};
  if (isObject(flow.scopes)) {
    for (const [scope, description] of Object.entries(flow.scopes)) {
      if (/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) scopes[scope] = text(description);
    }
  }
  return scopes;
}

/** An OAuth2 scheme's flow of this name, when its token URL (and authorization URL, if it has one) can be used. */
function oauthFlow(scheme: JsonObject, name: 'authorizationCode' | 'clientCredentials') {
  const flows = isObject(scheme.flows) ? scheme.flows : {};
  const flow = isObject(flows[name]) ? flows[name] : undefined;
  const tokenUrl = flow ? flowUrl(flow.tokenUrl) : undefined;
  if (!flow || !tokenUrl) return undefined;
  return { flow, tokenUrl, refreshUrl: flowUrl(flow.refreshUrl) ?? tokenUrl, scopes: flowScopes(flow) };
}

function authorizationCodeFlow(scheme: JsonObject): AuthorizationCodeFlow | undefined {
  const found = oauthFlow(scheme, 'authorizationCode');
  const authorizationUrl = found ? flowUrl(found.flow.authorizationUrl) : undefined;
  if (!found || !authorizationUrl) return undefined;
  return { authorizationUrl, tokenUrl: found.tokenUrl, refreshUrl: found.refreshUrl, scopes: found.scopes };
}

function clientCredentialsFlow(scheme: JsonObject): ClientCredentialsFlow | undefined {
  const found = oauthFlow(scheme, 'clientCredentials');
  return found && { tokenUrl: found.tokenUrl, refreshUrl: found.refreshUrl, scopes: found.scopes };
}

/** One scheme of a requirement, as the reader meets it: what to send and where. */
function securityView(name: string, scheme: JsonObject, scopes: Json): SecurityView {
  const type = text(scheme.type);
  const base = {
    name,
    type,
    description: text(scheme.description),
    scopes: Array.isArray(scopes) ? scopes.map((scope) => text(scope)).filter(Boolean) : [],
    ...(scheme.deprecated === true ? { deprecated: true as const } : {}),
  };
  const authorization = (placementScheme: CredentialPlacement['scheme']): CredentialPlacement => ({
    in: 'header',
    name: 'Authorization',
    scheme: placementScheme,
  });
  if (type === 'apiKey') {
    const where = text(scheme.in);
    const keyName = text(scheme.name);
    // A header or cookie name is an HTTP token (RFC 9110): anything else (a line break, a space) no request can carry.
    const named = where === 'query' ? keyName !== '' : /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(keyName);
    const placement: CredentialPlacement | undefined =
      (where === 'header' || where === 'query' || where === 'cookie') && named
        ? { in: where, name: keyName, scheme: 'none' }
        : undefined;
    return { ...base, credential: 'API key', ...(placement ? { placement } : {}) };
  }
  if (type === 'http') {
    const httpScheme = text(scheme.scheme).toLowerCase();
    if (httpScheme === 'basic')
      return { ...base, credential: 'user name and password', placement: authorization('basic') };
    if (httpScheme === 'bearer') {
      return { ...base, credential: text(scheme.bearerFormat) || 'Bearer token', placement: authorization('bearer') };
    }
    // Digest and the other HTTP schemes need a challenge first: shown, not sent.
    return { ...base, credential: `${httpScheme || 'HTTP'} credentials` };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    const code = type === 'oauth2' ? authorizationCodeFlow(scheme) : undefined;
    const client = type === 'oauth2' ? clientCredentialsFlow(scheme) : undefined;
    return {
      ...base,
      credential: 'OAuth2 access token',
      placement: authorization('bearer'),
      ...(code ? { authorizationCode: code } : {}),
      ...(client ? { clientCredentials: client } : {}),
      ...(type === 'oauth2' && isObject(scheme.flows) && isObject(scheme.flows.deviceAuthorization)
        ? { deviceAuthorization: true as const }
        : {}),
    };
  }
  if (type === 'mutualTLS') return { ...base, credential: 'client certificate' };
  return { ...base, credential: 'credential' };
}

/**
 * The security requirements of an operation (its own, or the document's), each an alternative of schemes sent
 * together. A requirement naming a scheme the document does not define is left out, as no request can meet it.
 */
export function securityAlternatives(document: JsonObject, operation: JsonObject): SecurityView[][] {
  const requirements = Array.isArray(operation.security) ? operation.security : document.security;
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  if (!Array.isArray(requirements)) return [];
  const alternatives: SecurityView[][] = [];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (!names.every((name) => isObject(schemes[name]))) continue;
    alternatives.push(
      names.map((name) =>
        securityView(name, resolveRef<JsonObject>(document, schemes[name] ?? {}), requirement[name] ?? []),
      ),
    );
  }
  return alternatives;
}
