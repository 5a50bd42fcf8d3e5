import { credentialGuides, type CredentialGuide, type CredentialGuides } from '../../../config/credentialGuides';
import type { OperationView, SecurityView } from './view';

/** A piece of a sentence: text, or a name or value shown as code. */
export type SentencePart = string | { code: string };

// `an API key`, `an OAuth2 access token`, but `a user name` (said with a consonant).
const article = (noun: string) => (/^([aeio]|u(?!s|ni))/i.test(noun) ? 'an' : 'a');

/** The noun with its indefinite article: `an API key`, `a client certificate`. */
export const withArticle = (noun: string): string => `${article(noun)} ${noun}`;

/**
 * How a scheme's credential travels, as a sentence in parts, for the page, its Markdown twin and Try it: "an API key
 * in the `X-API-Key` header", "… in the query parameter `api_key`", "… as `Bearer <api key>`".
 */
export function credentialSentence(security: SecurityView): SentencePart[] {
  const { credential, placement } = security;
  const what = withArticle(credential);
  if (!placement) {
    return security.type === 'mutualTLS'
      ? [`a client certificate, presented when the connection is made (mutual TLS)`]
      : [`${what}, as the ${security.name} scheme says (not sent by the samples or Try it)`];
  }
  if (placement.in === 'query') return [`${what} in the query parameter `, { code: placement.name }];
  if (placement.in === 'cookie') return [`${what} in the cookie `, { code: placement.name }];
  if (placement.scheme === 'bearer') {
    return [
      `${what} in the `,
      { code: placement.name },
      ' header, as ',
      { code: `Bearer <${credential.toLowerCase()}>` },
    ];
  }
  if (placement.scheme === 'basic') {
    return [`${what} in the `, { code: placement.name }, ' header, as ', { code: 'Basic <base64 of user:password>' }];
  }
  return [`${what} in the `, { code: placement.name }, ' header'];
}

/** The sentence as one string: its text through `text` (an escaper), its code parts through `code`. */
export function sentenceText(
  parts: SentencePart[],
  code: (text: string) => string,
  text: (value: string) => string = (value) => value,
): string {
  return parts.map((part) => (typeof part === 'string' ? text(part) : code(part.code))).join('');
}

/** Where the credential goes, for a field's label: "sent in the `X-API-Key` header". */
export function credentialWhere(security: SecurityView): SentencePart[] {
  const [first, ...rest] = credentialSentence(security);
  const what = withArticle(security.credential);
  return typeof first === 'string' && first.startsWith(what) ? [`sent${first.slice(what.length)}`, ...rest] : [];
}

/** The alternatives that ask for a credential, the one a request sends first. */
export function requiredSecurity(view: OperationView): SecurityView[][] {
  return [...(view.security.length > 0 ? [view.security] : []), ...(view.otherSecurity ?? [])];
}

/**
 * The site's guide to getting a scheme's credential, of `guides` (config/credentialGuides.ts): the routes are the
 * site's, not the document's. The default serves callers outside the site's build (the MCP server's `list_auth`).
 */
export function credentialGuide(
  security: SecurityView | undefined,
  guides: CredentialGuides = credentialGuides,
): CredentialGuide | undefined {
  if (security?.type === 'oauth2' || security?.type === 'openIdConnect') return guides.accessToken;
  if (security?.credential === 'API key') return guides.apiKey;
  return undefined;
}
