import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { headAndMain } from '../buildOutput';
import { assetPattern, codeDigest } from '../page-cache/store';
import { writeFileAtomic } from '../pipeline/writeAtomic';
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
 * build's postBuild, beside the search index on two cores. A page is known by a hash of what htmlPage reads of it (its
 * head and main, `headAndMain`) with the names of the files under `assets/` its head holds taken out: the scripts and
 * stylesheets, which change with any change to the bundles and which a twin never holds. The memo is only ever a shortcut: a file that is missing, unreadable or of
 * other code is ignored, and every page is read.
 */
export function twinMemo(file: string | undefined, version: string, baseUrl: string): TwinMemo {
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
      // A memo cut short by a stopped build: every page is read again, and the memo written anew.
    }
  }
  const used = new Map<string, HtmlPage>();
  const assets = assetPattern(baseUrl);
  let reused = 0;
  return {
    page(html) {
      const cut = headAndMain(html);
      const headEnd = Math.max(0, cut.indexOf('</head>'));
      // Only the head's names are taken out: an image the doc shows is named in its twin, and its name is its content.
      const key = createHash('sha256')
        .update(cut.slice(0, headEnd).replace(assets, `${baseUrl}assets/`))
        .update(cut.slice(headEnd))
        .digest('base64');
      const remembered = known.get(key);
      if (remembered) reused++;
      const page = remembered ?? htmlPage(cut);
      used.set(key, page);
      return page;
    },
    async save() {
      if (!file) return;
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
