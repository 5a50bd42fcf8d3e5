import { lazy, Suspense, type ReactNode } from 'react';
import type { SecurityView } from '@site/src/core/openapi/view';

/** Try it's sign-in, loaded with the runner only when a recipe takes an OAuth2 token (the chat bot's). */
const SignIn = lazy(() => import('../ApiExplorer/SignIn'));

interface Props {
  /** The API the token is for (Try it keeps tokens by API and scheme). */
  api: string;
  scheme: SecurityView;
  /** The server the run will send to: the token is for that server only, as in Try it. */
  serverUrl: string | undefined;
  signInOrigins: readonly string[];
  draft: () => Record<string, unknown>;
  restore: (draft: Record<string, unknown>) => void;
}

/**
 * A token input's sign-in: the same component as Try it's on the API's call pages (authorization code with PKCE in
 * a popup or by leaving the page, or client credentials), for the server the reader chose. The token it gets is Try
 * it's for that API and scheme, so the run sends it (session.ts's `triedCredential`) and the call pages have it too.
 */
export default function InputSignIn({ api, scheme, serverUrl, signInOrigins, draft, restore }: Props): ReactNode {
  if (!serverUrl) {
    return <p>Sign-in needs the server the run sends to: this page does not name the API&apos;s production server.</p>;
  }
  return (
    <Suspense fallback={null}>
      <SignIn
        api={api}
        scheme={scheme}
        serverUrl={serverUrl}
        signInOrigins={signInOrigins}
        draft={draft}
        restore={restore}
      />
    </Suspense>
  );
}
