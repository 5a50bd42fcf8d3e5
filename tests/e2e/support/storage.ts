import type { Page } from '@playwright/test';

/** Docusaurus namespaces its storage keys per site (`key-<hash>`); this finds the value under a key's prefix. */
export function storageValue(page: Page, prefix: string): Promise<string | null> {
  return page.evaluate((keyPrefix) => {
    const key = Object.keys(window.localStorage).find((candidate) => candidate.startsWith(keyPrefix));
    return key === undefined ? null : window.localStorage.getItem(key);
  }, prefix);
}

/** The site's storage namespace suffix, learnt from the key the announcement bar writes on load. */
export async function storageNamespace(page: Page): Promise<string> {
  const key = await page.evaluate(() =>
    Object.keys(window.localStorage).find((candidate) => candidate.startsWith('docusaurus.announcement.id')),
  );
  if (!key) throw new Error('the announcement bar wrote no storage key');
  return key.slice('docusaurus.announcement.id'.length);
}
