import { memo, useEffect, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  DocSidebarItemsExpandedStateProvider,
  isActiveSidebarItem,
  useVisibleSidebarItems,
} from '@docusaurus/plugin-content-docs/client';
import DocSidebarItem from '@theme/DocSidebarItem';
import type { Props } from '@theme/DocSidebarItems';
import { serverShownItems } from '@site/src/core/sidebar/serverItems';
import { useParentCategory } from '@site/src/core/sidebar/parentCategory';
import { showActiveLinksSoon } from '@site/src/core/sidebar/activeLink';

/**
 * Docusaurus's list of one sidebar level (the same provider, items and keys), except that the server, and the
 * browser while it hydrates that markup, render only part of a long list (`serverShownItems`) and a link to the
 * list's own page for the rest; once hydrated, the browser renders the whole list. Each item keeps its index as its
 * key either way, so nothing the server rendered is rendered again, only the rest added around it.
 */
function DocSidebarItems({ items, ...props }: Props): ReactNode {
  const visible = useVisibleSidebarItems(items, props.activePath);
  const hydrated = useIsBrowser();
  const limit = useDocusaurusContext().siteConfig.customFields?.sidebarServerItems;
  const parent = useParentCategory();
  const shown =
    hydrated || typeof limit !== 'number'
      ? undefined
      : serverShownItems(visible, limit, (item) => isActiveSidebarItem(item, props.activePath));
  const hidden = shown?.filter((isShown) => !isShown).length ?? 0;
  // The sidebar's top level, once its whole list is there (after hydration) and on each move to another page: its list
  // scrolled to the page's link (src/core/sidebar/activeLink.ts). The phone's menu is rendered, hidden, on a phone's
  // width whether open or not, so it is scrolled with the rest.
  const top = props.level === 1;
  useEffect(() => (top && hydrated ? showActiveLinksSoon() : undefined), [top, hydrated, props.activePath]);
  return (
    <DocSidebarItemsExpandedStateProvider>
      {visible.map((item, index) =>
        shown && !shown[index] ? null : <DocSidebarItem key={index} item={item} index={index} {...props} />,
      )}
      {hidden > 0 && (
        <li className="menu__list-item" data-sidebar-more>
          {parent?.href ? (
            <Link className="menu__link" to={parent.href}>
              {hidden} more in {parent.label}
            </Link>
          ) : (
            <span className="menu__link">{hidden} more</span>
          )}
        </li>
      )}
    </DocSidebarItemsExpandedStateProvider>
  );
}

export default memo(DocSidebarItems);
