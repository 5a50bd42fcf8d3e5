import { expect, type Locator, type Page } from '@playwright/test';
import { answeredSelector } from '../../../tools/lib/searchBox';

/**
 * Page objects: how the browser tests find and use the parts of the site a reader uses, in one place each, so a
 * change of markup is one change here.
 */

/** The navbar's search box and its dropdown of results. */
export class SearchBox {
  constructor(private readonly page: Page) {}

  get input(): Locator {
    return this.page.locator('input.navbar__search-input');
  }

  get results(): Locator {
    return this.page.getByRole('listbox');
  }

  /** Types a query key by key, as a reader does; returns the results' text once they are the query's. */
  async search(query: string): Promise<string[]> {
    await this.input.click();
    await this.input.fill('');
    await this.input.pressSequentially(query);
    await this.answered(query);
    return this.results.getByRole('option').allInnerTexts();
  }

  /** The addresses of a query's results, best first (the query set at once, for the many queries of a test). */
  async resultUrls(query: string): Promise<string[]> {
    await this.input.fill(query);
    await this.answered(query);
    return this.results
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('data-href') ?? ''));
  }

  /** Waits until the listbox shows the answer to this query (not to an earlier one). */
  async answered(query: string): Promise<void> {
    await expect(this.page.locator(answeredSelector(query))).toBeAttached();
  }
}

/** The request explorer of an operation page. */
export class Explorer {
  constructor(private readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Request explorer' });
  }

  async chooseServer(url: string): Promise<void> {
    await this.form.getByLabel('Server').selectOption(url);
  }

  /** The credential field, labelled with what the API takes (`API key`, `OAuth2 access token`). */
  credential(label: string): Locator {
    return this.form.getByLabel(label);
  }

  parameter(name: string): Locator {
    return this.form.getByLabel(new RegExp(`^${name}`));
  }

  /** The field of the chosen server's variable `{name}`. */
  serverVariable(name: string): Locator {
    return this.form.getByLabel(new RegExp(`^\\{${name}\\}`));
  }

  async send(): Promise<void> {
    await this.form.getByRole('button', { name: 'Send request' }).click();
  }

  /** The answer's status line, once a response arrived. */
  get status(): Locator {
    return this.form.getByRole('status');
  }

  get problems(): Locator {
    return this.form.getByRole('alert');
  }

  get responseBody(): Locator {
    return this.form.locator('pre');
  }
}

/** A single-page reference (`/api/data`, `/api/chat`). */
export class ReferencePage {
  constructor(private readonly page: Page) {}

  async goto(route: string): Promise<void> {
    await this.page.goto(route);
  }

  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'API reference' });
  }

  operation(summary: string): Locator {
    return this.page.getByRole('heading', { name: summary }).first();
  }

  /** Which document the reference shows: `build` (the build-time one) or `runtime`. */
  source(which: 'build' | 'runtime'): Locator {
    return this.page.locator(`main[data-reference-source="${which}"]`);
  }

  get loading(): Locator {
    return this.page.getByRole('status');
  }

  get error(): Locator {
    return this.page.getByRole('alert');
  }
}

/** The navbar, with its mobile menu (below 997 px wide). */
export class Navbar {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.locator('nav.navbar');
  }

  get toggle(): Locator {
    return this.page.getByRole('button', { name: 'Toggle navigation bar' });
  }

  /** The mobile menu the toggle opens. */
  get mobileMenu(): Locator {
    return this.page.locator('.navbar-sidebar');
  }

  get skipLink(): Locator {
    return this.page.getByRole('link', { name: 'Skip to main content' });
  }
}

/** The docs sidebar of a wide window. */
export class DocsSidebar {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.locator('.theme-doc-sidebar-container');
  }

  link(name: string): Locator {
    return this.root.getByRole('link', { name });
  }

  async expand(category: string): Promise<void> {
    await this.root.getByRole('button', { name: new RegExp(`Expand sidebar category '${category}'`) }).click();
  }

  async collapse(category: string): Promise<void> {
    await this.root.getByRole('button', { name: new RegExp(`Collapse sidebar category '${category}'`) }).click();
  }

  /** The button of a hideable sidebar, which this site's is not. */
  get hideButtons(): Locator {
    return this.page
      .getByRole('button', { name: /^collapse sidebar$/i })
      .or(this.root.locator('button[title="Collapse sidebar"]'));
  }
}

/** The announcement bar, found by its text. */
export class AnnouncementBar {
  constructor(
    private readonly page: Page,
    private readonly text: string,
  ) {}

  get root(): Locator {
    return this.page.locator('div[role="banner"]').filter({ hasText: this.text });
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
  }
}

/** The footer's link to a route. */
export function footerLink(page: Page, route: string): Locator {
  return page.locator(`footer a[href="${route}"]`).first();
}

/** The table of contents of a wide window. */
export function tableOfContents(page: Page): Locator {
  return page.locator('.theme-doc-toc-desktop');
}

/** A changelog page (`/docs/changelog`, `/docs/<api>/changelog`). */
export class ChangelogPage {
  constructor(private readonly page: Page) {}

  /** The section of one API's entry, found by its heading's id (`data-v4-2026-11-22`). */
  entry(api: string, id: string): Locator {
    return this.page.locator('section', { has: this.page.locator(`h2#${api}-${id}`) });
  }

  get entries(): Locator {
    return this.page.locator('section h2');
  }

  get breakingOnly(): Locator {
    return this.page.getByLabel('Breaking changes only');
  }

  get apiFilter(): Locator {
    return this.page.getByRole('combobox', { name: 'API' });
  }

  /** The count of entries shown, announced as the filters change. */
  get status(): Locator {
    return this.page.getByRole('status');
  }

  get feedLink(): Locator {
    return this.page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  }
}

/** A generated operation page: its parameters, samples and examples column. */
export class OperationPage {
  constructor(private readonly page: Page) {}

  /** A parameter's row, with its constraints (`[data-constraint="maximum"] dd`) and flags. */
  parameter(name: string): Locator {
    return this.page.locator(`[data-parameter="${name}"]`);
  }

  get parameters(): Locator {
    return this.page.locator('[data-parameter]');
  }

  /** The Parameters section. */
  get parametersSection(): Locator {
    return this.page.locator('#parameters');
  }

  /** The part of the call at an anchor: `parameter-limit`, `response-200-items-name`. */
  anchored(id: string): Locator {
    return this.page.locator(`[id="${id}"]`);
  }

  /** The tabs of the documented statuses' examples. */
  get statusTabs(): Locator {
    return this.page.getByRole('tablist', { name: 'Response status' }).getByRole('tab');
  }

  /** The column of examples beside the call, on a wide window: samples, the explorer, responses. */
  get examples(): Locator {
    return this.page.getByRole('complementary', { name: /^Examples of / });
  }

  /** A sample language's tab. */
  sampleTab(label: string): Locator {
    return this.page.getByRole('tab', { name: label, exact: true });
  }

  /** The sample shown (the examples column's selected tab panel). */
  get shownSample(): Locator {
    return this.examples.locator('[role="tabpanel"]:not([hidden])').first();
  }
}

/** A schema page: its fields. */
export function schemaField(page: Page, name: string): Locator {
  return page.locator(`li[data-field="${name}"]`).first();
}

/** The docs sidebar's navigation landmark, on any page width. */
export function docsSidebarNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Docs sidebar' });
}
