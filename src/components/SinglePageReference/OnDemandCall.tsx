import { useEffect, useRef, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { OperationView } from '@site/src/core/openapi/view';
import PathText from '@site/src/components/ApiOperation/PathText';
import { hashTargetsCall, whenElementNear } from './whenNear';
import styles from './styles.module.css';

/**
 * A call past the page's budget of calls rendered in full (`fullyRenderedCalls`): the server sends its title, verb,
 * path and a link to its own page, so the page stays readable without JavaScript and every call keeps its anchor. In
 * the browser the same section opens in place, rendered whole, when it comes near the screen or when the address
 * points into it. The section element stays, so the sidebar's scroll-spy and links keep pointing at it, and the
 * browser's scroll anchoring keeps what the reader looks at in place while sections above it grow.
 */
export default function OnDemandCall({
  view,
  linkBase,
  title,
  children,
}: {
  view: OperationView;
  linkBase: string;
  /** The section's heading, the same as a call rendered in full. */
  title: ReactNode;
  /** The call in full, rendered once the section opens. */
  children: () => ReactNode;
}): ReactNode {
  const section = useRef<HTMLElement>(null);
  const [open, setOpen] = useState<'near' | 'address'>();

  useEffect(() => {
    const element = section.current;
    if (open || !element) return undefined;
    const fromAddress = (): void => {
      if (hashTargetsCall(window.location.hash, view.slug)) setOpen('address');
    };
    fromAddress();
    const stop = whenElementNear(element, () => setOpen((current) => current ?? 'near'));
    window.addEventListener('hashchange', fromAddress);
    return () => {
      stop();
      window.removeEventListener('hashchange', fromAddress);
    };
  }, [open, view.slug]);

  useEffect(() => {
    if (open !== 'address') return;
    // The element the address names did not exist when the browser looked for it: go there now.
    const id = decodeURIComponent(window.location.hash.slice(1));
    document.getElementById(id)?.scrollIntoView();
  }, [open]);

  return (
    <section
      ref={section}
      id={view.slug}
      className={styles.call}
      aria-labelledby={`${view.slug}-title`}
      data-call={open ? 'opened' : 'summary'}
    >
      {title}
      {open ? (
        children()
      ) : (
        <div className={styles.callSummary}>
          <p>
            <PathText method={view.method} path={view.path} />
          </p>
          <p className={styles.tryIt}>
            <Link to={`${linkBase}/${view.slug}`}>Read this call on its own page</Link>
          </p>
        </div>
      )}
    </section>
  );
}
