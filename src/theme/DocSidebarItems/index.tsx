import { memo, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  DocSidebarItemsExpandedStateProvider,
  isActiveSidebarItem,
  useDocsSidebar,
  useVisibleSidebarItems,
} from '@docusaurus/plugin-content-docs/client';
import DocSidebarItem from '@theme/DocSidebarItem';
import type { Props } from '@theme/DocSidebarItems';
import type { PropSidebarItemCategory } from '@docusaurus/plugin-content-docs';
import { parentCategory, serverShownItems } from '@site/src/lib/sidebar/serverItems';

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
  const sidebar = useDocsSidebar();
  const shown =
    hydrated || typeof limit !== 'number'
      ? undefined
      : serverShownItems(visible, limit, (item) => isActiveSidebarItem(item, props.activePath));
  const hidden = shown?.filter((isShown) => !isShown).length ?? 0;
  // Only a category holds a list, so the parent found is one.
  const parent = (hidden > 0 && sidebar ? parentCategory(sidebar.items, items) : undefined) as
    PropSidebarItemCategory | undefined;
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
