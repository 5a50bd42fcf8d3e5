import { useEffect, useRef, useState, type ReactNode } from 'react';
import { webhookId, webhooksGroupId, type ReferenceGroup } from '@site/src/core/openapi/singlePage';
import type { WebhookView } from '@site/src/core/openapi/view';
import { currentSection, type Extent } from './scrollSpy';
import { sidebarGroupRem } from './theme';
import styles from './styles.module.css';

/**
 * The calls of the page, by tag, in a sidebar that follows the reading (scroll-spy): the call whose section is at
 * the top of the screen is marked and kept in view inside the sidebar. The links are plain fragment links, so the
 * sidebar works before and without any script.
 */
export default function Sidebar({
  groups,
  webhooks,
}: {
  groups: ReferenceGroup[];
  webhooks: readonly WebhookView[];
}): ReactNode {
  const [active, setActive] = useState<string>();
  const list = useRef<HTMLElement>(null);

  useEffect(() => {
    const ids = groups.flatMap((group) => group.calls.map((view) => view.slug));
    // The sections are looked up by id on every update rather than held: React renders a call's section afresh when
    // the reader acts before it has hydrated (HydrateWhenNear), and an observer of the server's element then watched
    // a node no longer on the page: the sidebar lost its place (seen in CI, reproduced with a slowed CPU).
    // Only a call's section: the model keeps tag ids apart from calls' (singlePage.ts), and an element out of the
    // page's order would send the search past the call the reader is on.
    const extentAt = (index: number): Extent | undefined => {
      const element = document.getElementById(ids[index] ?? '');
      return element?.tagName === 'SECTION' ? element.getBoundingClientRect() : undefined;
    };
    let frame = 0;
    const update = (): void => {
      frame = 0;
      // The reading area's top is under the navbar; a call is current while it crosses the band down to 30%.
      const index = currentSection(ids.length, extentAt, 80, window.innerHeight * 0.3);
      if (index !== undefined) setActive(ids[index]);
    };
    const schedule = (): void => {
      frame ||= requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Sections also change size without a scroll: a call that opens when the browser is idle, a part of the page
    // laid out for the first time (content-visibility).
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    return () => {
      resized.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [groups]);

  useEffect(() => {
    const root = list.current;
    const link = active ? root?.querySelector<HTMLElement>(`a[href="#${CSS.escape(active)}"]`) : null;
    if (!root || !link) return;
    // Positions inside the sidebar's own scrolling box; only that box scrolls, never the page.
    const top = link.getBoundingClientRect().top - root.getBoundingClientRect().top + root.scrollTop;
    if (top < root.scrollTop || top + link.offsetHeight > root.scrollTop + root.clientHeight) {
      root.scrollTop = top - root.clientHeight / 3;
    }
  }, [active]);

  return (
    <nav ref={list} className={styles.sidebar} aria-label="API reference">
      <ul className={styles.sidebarGroups}>
        {groups.map((group) => (
          // Until a tag has been laid out (content-visibility), it holds the room its calls will likely take.
          <li
            key={group.id}
            style={{ containIntrinsicSize: `auto ${sidebarGroupRem(group.calls.map((view) => view.summary))}rem` }}
          >
            <a className={styles.sidebarGroup} href={`#${group.id}`}>
              {group.name}
            </a>
            <ul className={styles.sidebarCalls}>
              {group.calls.map((view) => (
                <li key={view.slug}>
                  <a
                    className={styles.sidebarCall}
                    href={`#${view.slug}`}
                    aria-current={active === view.slug ? 'location' : undefined}
                  >
                    <span className={styles.verb} data-method={view.method}>
                      {view.method.toUpperCase()}
                    </span>
                    <span>{view.summary}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {webhooks.length > 0 && (
          <li>
            <a className={styles.sidebarGroup} href={`#${webhooksGroupId}`}>
              Webhooks
            </a>
            <ul className={styles.sidebarCalls}>
              {webhooks.map((webhook) => (
                <li key={webhook.slug}>
                  <a className={styles.sidebarCall} href={`#${webhookId(webhook)}`}>
                    <span className={styles.verb} data-method="webhook">
                      HOOK
                    </span>
                    <span>{webhook.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
