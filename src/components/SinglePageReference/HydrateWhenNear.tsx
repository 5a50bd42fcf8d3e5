import { Suspense, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { pageWatcher } from './whenNear';

const subscribe = (): (() => void) => () => undefined;
const onClient = (): boolean => false;
const onServerMarkup = (): boolean => true;

/** Whether the reader has acted on the page (pressed, typed, moved through its history) since it hydrated. */
let readerActed = false;
const acts = ['pointerdown', 'keydown', 'hashchange', 'popstate'];

/**
 * Called by the component that holds the calls, once they are on the page. A call that waits is rendered again when
 * its turn comes (it came near the screen, or an idle period) and when something above it changes. Changes the page
 * makes by itself as it starts (Docusaurus's effects) leave a waiting call waiting. A change the reader causes (a
 * hash link, closing the announcement bar) is rendered at once, and React would throw a call that waited then away
 * and render it afresh: a second copy. So once the reader acts, a call asked to render hydrates in place.
 */
export function useCallsMayHydrate(): void {
  useEffect(() => {
    const acted = (): void => {
      readerActed = true;
      acts.forEach((type) => window.removeEventListener(type, acted, true));
    };
    acts.forEach((type) => window.addEventListener(type, acted, true));
    return () => acts.forEach((type) => window.removeEventListener(type, acted, true));
  }, []);
}

function Deferred({ id, children }: { id: string; children: ReactNode }): ReactNode {
  // True only while React hydrates the server's markup (the server snapshot); false in a client render.
  const hydrating = useSyncExternalStore(subscribe, onClient, onServerMarkup);
  // A call far from the screen waits and React keeps the server's markup as it is. A client render (a runtime
  // document) renders at once: never an empty box.
  if (hydrating && ExecutionEnvironment.canUseDOM && !readerActed) use(pageWatcher().whenNear(id));
  return children;
}

/**
 * Hydrates the server-rendered element `id` (and what it holds) only when it comes near the screen: the single-page
 * reference shows every call, and hydrating them all made the main thread busy for as long as the page is long.
 */
export default function HydrateWhenNear({ id, children }: { id: string; children: ReactNode }): ReactNode {
  return (
    <Suspense fallback={null}>
      <Deferred id={id}>{children}</Deferred>
    </Suspense>
  );
}
