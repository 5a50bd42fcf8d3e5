import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { ReferenceTagPage } from '@site/src/core/openapi/referencePages';
import { kebabCase } from '@site/src/core/openapi/view';
import styles from './styles.module.css';

/** A split reference's webhooks on its index: each a link to its own page. */
export interface IndexWebhook {
  name: string;
  slug: string;
}

/**
 * The index of a reference split by tag (`splitReference`): one link per tag page with its number of calls, in the
 * single page's order, and the API's webhooks, which have pages of their own. Plain links: it works before and
 * without any script, and loads no document.
 */
export default function TagIndex({
  title,
  route,
  pages,
  webhooks,
  linkBase,
}: {
  /** The reference's title (`Data API reference`): the page's one first-level heading. */
  title: string;
  /** The index's own route (`/api/graph`): each tag's page is under it. */
  route: string;
  pages: readonly ReferenceTagPage[];
  webhooks: readonly IndexWebhook[];
  linkBase: string;
}): ReactNode {
  const calls = pages.reduce((sum, page) => sum + page.calls, 0);
  // Each tag keeps the anchor a description's link to it names (`descriptionLinks`: `#tag-<name>`), as on one page.
  const taken = new Set<string>();
  const anchor = (name: string): string | undefined => {
    const id = `tag-${kebabCase(name) || 'x'}`;
    if (taken.has(id)) return undefined;
    taken.add(id);
    return id;
  };
  return (
    <div className={styles.tagIndex}>
      <h1>{title}</h1>
      <h2 id="tags">
        {calls.toLocaleString('en')} calls in {pages.length.toLocaleString('en')} tags
      </h2>
      <ul className={styles.tagList}>
        {pages.map((page) => (
          <li key={page.slug} id={anchor(page.name)}>
            <Link to={`${route}/${page.slug}`}>{page.name}</Link>{' '}
            <span className={styles.tagCount}>
              {page.calls === 1 ? '1 call' : `${page.calls.toLocaleString('en')} calls`}
            </span>
          </li>
        ))}
      </ul>
      {webhooks.length > 0 && (
        <>
          <h2 id="webhooks">Webhooks</h2>
          <ul className={styles.tagList}>
            {webhooks.map((webhook) => (
              <li key={webhook.slug}>
                <Link to={`${linkBase}/${webhook.slug}`}>{webhook.name}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
