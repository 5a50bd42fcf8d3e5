import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageParts } from '../buildOutput';
import { codeDigest } from '../page-cache/store';
import { removeStrayTemporaries, writeFileAtomic } from '../pipeline/writeAtomic';
import { htmlPage, type HtmlPage } from './htmlPage';

/** The memo's file in the page cache's folder (src/build/page-cache), beside the cache of that output folder. */
export const twinMemoFile = 'twins.json';

export interface TwinMemo {
  /** `htmlPage(html)`, from the memo when an earlier build of the same code read a page of the same content. */
  page(html: string): HtmlPage;
  /** Writes the pages read in this build (and only those: the memo does not grow with every build). */
  save(): Promise<void>;
  /** How many pages came from the memo. */
  readonly reused: number;
}

/**
 * What the Markdown twin of a page made from its HTML depends on beyond the page: the site's code (htmlPage and its
 * rules) and the installed packages (the parsers and turndown), as the page cache knows them.
 */
export function twinMemoVersion(siteDir: string): string {
  const lockfile = path.join(siteDir, 'package-lock.json');
  return createHash('sha256')
    .update(codeDigest(siteDir))
    .update('\0')
    .update(existsSync(lockfile) ? readFileSync(lockfile) : '')
    .digest('hex');
}

/**
 * `htmlPage` remembered from one build to the next. A build after a one-call change reads every guide and schema page
 * again, and nearly all of them are as before: at Stripe's size turning them into Markdown was 5 s of the second
 * build's postBuild, beside the search index on two cores. A page is known by a hash of what htmlPage reads of it: its
 * main, and its head without the `<link>` and `<script>` elements (`pageParts`), whose names change with any change to
 * the bundles and which a twin never holds. The memo is only ever a shortcut: a file that is missing, unreadable or of
 * other code is ignored, and every page is read.
 */
export function twinMemo(file: string | undefined, version: string): TwinMemo {
  const known = new Map<string, HtmlPage>();
  if (file && existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; pages?: Record<string, HtmlPage> };
      if (saved.version === version && saved.pages && typeof saved.pages === 'object') {
        for (const [key, page] of Object.entries(saved.pages)) {
          if (isHtmlPage(page)) known.set(key, page);
        }
      }
    } catch {
      // Damaged or written by hand (the build writes it whole or not at all): every page is read, the memo anew.
    }
  }
  const used = new Map<string, HtmlPage>();
  let reused = 0;
  return {
    page(html) {
      const parts = pageParts(html);
      const key = createHash('sha256')
        .update(parts ? `${parts.headRead}\0${parts.main}` : `\0${html}`)
        .digest('base64');
      const remembered = known.get(key);
      if (remembered) {
        reused++;
        // A page's entry is read once: what is left of the last build's memo is let go as the build goes.
        known.delete(key);
      }
      const page = remembered ?? htmlPage(html, parts);
      used.set(key, page);
      return page;
    },
    async save() {
      known.clear();
      if (!file) return;
      // One production build of a site folder at a time (tools/build/productionBuild.ts, `lockSite`), and only it
      // names the page cache's folder: a temporary file beside the memo is a killed build's.
      await removeStrayTemporaries(file);
      await writeFileAtomic(file, JSON.stringify({ version, pages: Object.fromEntries(used) }));
    },
    get reused() {
      return reused;
    },
  };
}

function isHtmlPage(value: unknown): value is HtmlPage {
  const page = value as Partial<HtmlPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    typeof page.title === 'string' &&
    typeof page.description === 'string' &&
    typeof page.markdown === 'string'
  );
}
