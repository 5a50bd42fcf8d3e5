/*
 * A sidebar as long as a large API's (Microsoft Graph's 419 tags) opened at its top: on a call's page, the reader saw
 * the first tags, and their own page's link was hundreds of entries below, in the desktop sidebar and in the phone's
 * menu alike. Docusaurus leaves a sidebar where it is; Redoc, Scalar and Stripe's docs scroll theirs to the page.
 */

/** Where the current page's link sits in a sidebar list: the link, and the list's box that scrolls. */
export interface LinkInList {
  /** The link's top and bottom, relative to the list's content (its scroll position left out). */
  top: number;
  bottom: number;
  /** The list's visible height and its scroll position. */
  height: number;
  scrollTop: number;
}

/**
 * The scroll position that shows the link a third of the way down its list, or `undefined` when any of it shows (a
 * link the reader just clicked stays where it was, even at the list's edge).
 */
export function scrollToShow({ top, bottom, height, scrollTop }: LinkInList): number | undefined {
  if (height <= 0 || (bottom > scrollTop && top < scrollTop + height)) return undefined;
  return Math.max(0, Math.round(top - height / 3));
}

/** The nearest ancestor of `element`, up to its `.menu`, whose content scrolls vertically inside it, if any. */
function scrollingList(element: Element): HTMLElement | undefined {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
    // Never above the sidebar: the page's own scrolling is the reader's.
    if (node.classList.contains('menu')) return undefined;
  }
  return undefined;
}

/**
 * Scrolls each shown docs sidebar (the desktop one, the phone menu's) so that the current page's link shows. Only the
 * list moves, never the page: `scrollIntoView` would scroll every ancestor, the window included. Says whether it found
 * the link in a shown sidebar.
 */
export function showActiveLinks(root: ParentNode = document): boolean {
  let found = false;
  for (const link of Array.from(
    root.querySelectorAll<HTMLElement>('.theme-doc-sidebar-menu a.menu__link[aria-current="page"]'),
  )) {
    // A hidden sidebar (the desktop one on a phone) has no box: nothing to do.
    if (link.offsetParent === null) continue;
    found = true;
    const list = scrollingList(link);
    if (!list) continue;
    const box = list.getBoundingClientRect();
    const at = link.getBoundingClientRect();
    const top = at.top - box.top + list.scrollTop;
    const target = scrollToShow({
      top,
      bottom: top + at.height,
      height: list.clientHeight,
      scrollTop: list.scrollTop,
    });
    if (target !== undefined) list.scrollTop = target;
  }
  return found;
}

/**
 * `showActiveLinks` once the page's link is there: after a move to a page of a collapsed category, the category opens
 * a moment later (Docusaurus expands it in an effect, then mounts its items). Tries each frame for about a second;
 * returns the cancel.
 */
export function showActiveLinksSoon(): () => void {
  let frame = 0;
  let id = 0;
  const attempt = () => {
    if (showActiveLinks() || (frame += 1) > 60) return;
    id = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(id);
}
