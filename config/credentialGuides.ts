/**
 * The site's guides to getting a credential, by the kind of scheme that asks for it: a call's page, an API's
 * overview and the MCP server link the guide beside the credential. A scheme of another kind (HTTP basic, mutual TLS)
 * has no guide here, and is shown without one.
 */
export interface CredentialGuide {
  href: string;
  label: string;
}

export interface CredentialGuides {
  /** For OAuth2 and OpenID Connect schemes. */
  accessToken?: CredentialGuide;
  /** For an API key, whichever way it is sent. */
  apiKey?: CredentialGuide;
}

export const credentialGuides: CredentialGuides = {
  accessToken: { href: '/getting-started/authentication/oauth2', label: 'How to get an access token' },
  apiKey: { href: '/getting-started/authentication/api-keys', label: 'How to get an API key' },
};
