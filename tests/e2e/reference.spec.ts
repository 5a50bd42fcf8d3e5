import { listOperations, type JsonObject } from '../../src/core/openapi/document';
import { operationViews } from '../../src/core/openapi/view';
import { referenceColors, sidebarGroupRem, sidebarWidth } from '../../src/components/SinglePageReference/theme';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures';
import { ReferencePage } from './support/pages';
import { builtDocument } from './support/openapi';

/**
 * The single-page references of spec §1 and §2, built from the resolved documents with the same components as the
 * operation pages.
 */

const dataDocument = builtDocument('data-v4');
const tags = (dataDocument.tags as { name: string }[]).map((tag) => tag.name);
const firstOperation = listOperations(dataDocument)[0].operation as { summary: string };
const runtimeDocumentUrl = '**/openapi/data-v4.json';

/** The build-time document with one visible change, standing in for a newer runtime document. */
function runtimeDocument(): JsonObject {
  const info = dataDocument.info as JsonObject;
  return { ...dataDocument, info: { ...info, title: 'Data API (runtime document)' } };
}

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test.describe('/api/data', () => {
  test('lists every tag group of the document in a 300px sidebar', async ({ page }) => {
    await gotoHydrated(page, '/api/data');
    const menu = new ReferencePage(page).sidebar;
    for (const tag of tags) {
      await expect(menu.getByText(tag, { exact: true })).toBeVisible();
    }
    const box = await menu.boundingBox();
    expect(`${box?.width}px`).toBe(sidebarWidth);
    expect(sidebarWidth).toBe('300px');
  });

  test('uses a green primary colour', async ({ page }) => {
    await gotoHydrated(page, '/api/data');
    // The method badges and links wear the reference's primary colour.
    const verb = new ReferencePage(page).sidebar.locator('[data-method="get"]').first();
    await expect(verb).toHaveCSS('background-color', rgb(referenceColors.primary));
    const [red, green, blue] = [1, 3, 5].map((start) => parseInt(referenceColors.primary.slice(start, start + 2), 16));
    expect(green).toBeGreaterThan(red);
    expect(green).toBeGreaterThan(blue);
  });

  test('is readable before any script runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await new ReferencePage(page).goto('/api/data');
    await expect(new ReferencePage(page).operation(firstOperation.summary)).toBeVisible();
    await expect(new ReferencePage(page).sidebar.getByText(tags[0], { exact: true })).toBeVisible();
    await context.close();
  });

  test('shows a spinner while the runtime document loads, then the runtime document', async ({ page }) => {
    const document = runtimeDocument();
    // One handler holds the runtime document until the spinner has been seen, then answers with the newer one.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(runtimeDocumentUrl, async (route) => {
      await released;
      await route.fulfill({ json: document });
    });
    // The document is held until released, so the spinner stays; it shows once the page has hydrated, which on a
    // busy machine (two browser workers, axe over this page's 22,000 nodes) can take longer than 5 s.
    await gotoHydrated(page, '/api/data');
    await expect(new ReferencePage(page).loading).toContainText('Loading the latest API document', { timeout: 20_000 });
    // The build-time reference stays on screen meanwhile.
    await expect(new ReferencePage(page).operation(firstOperation.summary)).toBeVisible();
    release();
    await expect(new ReferencePage(page).loading).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Data API \(runtime document\)/ })).toBeVisible({ timeout: 20_000 });
    await expect(new ReferencePage(page).source('runtime')).toBeVisible();
  });

  test('an identical runtime document keeps the build-time reference', async ({ page }) => {
    await gotoHydrated(page, '/api/data');
    await expect(new ReferencePage(page).loading).toHaveCount(0);
    await expect(new ReferencePage(page).source('build')).toBeVisible();
    await expect(new ReferencePage(page).error).toHaveCount(0);
  });
});

test.describe('/api/data when the runtime document fails', () => {
  test.use({ allowProblems: true });

  test('shows an error box with the message and Retry, and Retry loads it', async ({ page, problems }) => {
    let failing = true;
    await page.route(runtimeDocumentUrl, (route) =>
      failing ? route.fulfill({ status: 500, body: 'down' }) : route.fulfill({ json: runtimeDocument() }),
    );
    await new ReferencePage(page).goto('/api/data');
    const alert = new ReferencePage(page).error;
    await expect(alert).toContainText('The latest API document could not be loaded', { timeout: 20_000 });
    await expect(alert).toContainText('HTTP 500');
    // The reader still has the build-time reference, never a blank page.
    await expect(new ReferencePage(page).operation(firstOperation.summary)).toBeVisible();
    failing = false;
    await alert.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(new ReferencePage(page).error).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Data API \(runtime document\)/ })).toBeVisible({ timeout: 20_000 });
    expect(problems.externalRequests).toEqual([]);
    expect(problems.consoleErrors.filter((message) => !message.includes('500'))).toEqual([]);
  });

  test('a runtime document that is not OpenAPI is refused with a clear message', async ({ page, problems }) => {
    await page.route(runtimeDocumentUrl, (route) => route.fulfill({ json: { hello: 'world' } }));
    await new ReferencePage(page).goto('/api/data');
    // The live reference renders first, which takes a while on a busy machine.
    await expect(new ReferencePage(page).error).toContainText('is not an OpenAPI 3.0, 3.1 or 3.2 document', {
      timeout: 20_000,
    });
    await expect(new ReferencePage(page).source('build')).toBeVisible();
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [], externalRequests: [] });
  });
});

test('/api/chat renders the Chat API document, loading its published document once and no runtime one', async ({
  page,
}) => {
  const chat = builtDocument('chat-v1');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await gotoHydrated(page, '/api/chat');
  for (const { operation } of listOperations(chat)) {
    await expect(page.getByRole('heading', { name: (operation as { summary: string }).summary })).toBeVisible();
  }
  await expect(new ReferencePage(page).source('build')).toBeVisible();
  expect(requests.filter((path) => path.startsWith('/openapi/'))).toEqual(['/openapi/chat-v1.json']);
});

test.describe('/api/data, built once', () => {
  const operations = listOperations(dataDocument).length;
  const first = operationViews(dataDocument, 'data-v4')[0];

  test('hydrates the server markup in place: same headings, same nodes, no mutation of a call', async ({ page }) => {
    // Watch a call's section from the moment the server's markup is parsed, before any script runs.
    await page.addInitScript((slug: string) => {
      document.addEventListener('DOMContentLoaded', () => {
        const section = document.getElementById(slug);
        const state = window as unknown as { watched?: Element | null; mutations: string[]; headings: number };
        state.watched = section;
        state.mutations = [];
        state.headings = document.querySelectorAll('main section[id]:not([data-webhook-section]) > h3').length;
        if (!section) return;
        new MutationObserver((records) => {
          for (const record of records) {
            const target = record.target instanceof Element ? record.target : record.target.parentElement;
            state.mutations.push(
              `${record.type} ${record.attributeName ?? ''} in <${target?.tagName.toLowerCase()} class="${target?.className}">`,
            );
          }
        }).observe(section, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    }, first.slug);
    await gotoHydrated(page, '/api/data');
    const reference = new ReferencePage(page);
    await expect(reference.source('build')).toBeVisible();
    await expect(reference.loading).toHaveCount(0);
    // Wait until React owns the first call's section, that is until the boundary has hydrated.
    await expect(page.locator(`#${first.slug}`)).toBeVisible();
    await page.waitForFunction(() => {
      const section = document.querySelector('main section[id]:not([data-webhook-section])');
      return section !== null && Object.keys(section).some((key) => key.startsWith('__reactFiber'));
    });
    const state = await page.evaluate((slug: string) => {
      const watched = (window as unknown as { watched?: Element | null }).watched;
      return {
        same: watched === document.getElementById(slug),
        before: (window as unknown as { headings: number }).headings,
        after: document.querySelectorAll('main section[id]:not([data-webhook-section]) > h3').length,
        mutations: (window as unknown as { mutations: string[] }).mutations,
      };
    }, first.slug);
    expect(state.before).toBe(operations);
    expect(state.after).toBe(operations);
    expect(state.same).toBe(true);
    expect(state.mutations).toEqual([]);
  });

  /** Which call sections React owns (hydrated or rendered), in page order, and which were removed from the page. */
  async function callStates(page: Page): Promise<{ live: boolean[]; removed: string[]; headings: number }> {
    return page.evaluate(() => {
      const sections = Array.from(
        document.querySelectorAll('main section[id]:not([data-webhook-section]) > h3'),
        (heading) => heading.parentElement,
      );
      return {
        live: sections.map((section) => Object.keys(section ?? {}).some((key) => key.startsWith('__reactFiber'))),
        removed: (window as unknown as { removedCalls: string[] }).removedCalls,
        headings: sections.length,
      };
    });
  }

  /** Records every call section taken out of the page (a second copy would replace the server's). */
  async function watchRemovals(page: Page, { idle }: { idle: boolean }): Promise<void> {
    await page.addInitScript((runIdle: boolean) => {
      // Without idle periods, only what comes near the screen hydrates.
      if (!runIdle) window.requestIdleCallback = () => 0;
      (window as unknown as { removedCalls: string[] }).removedCalls = [];
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of Array.from(record.removedNodes))
              if (node instanceof Element && node.matches('section[id]:not([data-webhook-section])'))
                (window as unknown as { removedCalls: string[] }).removedCalls.push(node.id);
        }).observe(document.querySelector('main') ?? document.body, { subtree: true, childList: true });
      });
    }, idle);
  }

  test('a call hydrates when it comes near the screen, in place; far ones wait', async ({ page }) => {
    await watchRemovals(page, { idle: false });
    await gotoHydrated(page, '/api/data');
    await expect.poll(async () => (await callStates(page)).live[0]).toBe(true);
    const atLoad = await callStates(page);
    expect(atLoad.headings).toBe(operations);
    expect(atLoad.live.at(-1)).toBe(false);
    const last = page.locator('main section[id]:not([data-webhook-section]):has(> h3)').last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await callStates(page)).live.at(-1)).toBe(true);
    // Live: its language tabs answer.
    const tab = last.getByRole('tab', { name: 'Python' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const after = await callStates(page);
    // The middle of the page was never near the screen: still the server's markup, untouched.
    expect(after.live[Math.floor(operations / 2)]).toBe(false);
    expect(after.removed).toEqual([]);
    expect(after.headings).toBe(operations);
  });

  test('idle periods hydrate every other call, none replaced', async ({ page }) => {
    await watchRemovals(page, { idle: true });
    await gotoHydrated(page, '/api/data');
    await expect.poll(async () => (await callStates(page)).live.every(Boolean), { timeout: 20_000 }).toBe(true);
    const state = await callStates(page);
    expect(state.removed).toEqual([]);
    expect(state.headings).toBe(operations);
  });

  test('a change above calls that have not hydrated hydrates them in place, never a second copy', async ({ page }) => {
    await watchRemovals(page, { idle: false });
    await gotoHydrated(page, '/api/data');
    await expect.poll(async () => (await callStates(page)).live[0]).toBe(true);
    expect((await callStates(page)).live.at(-1)).toBe(false);
    // Closing the announcement bar changes a context above every call.
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(async () => (await callStates(page)).live.every(Boolean)).toBe(true);
    const state = await callStates(page);
    expect(state.headings).toBe(operations);
    expect(state.removed).toEqual([]);
    await expect(
      page
        .locator('main section[id]:not([data-webhook-section]):has(> h3)')
        .last()
        .getByRole('tab', { name: 'Python' }),
    ).toBeVisible();
  });

  test('the document reaches the browser once: one download, not inside any script', async ({ page }) => {
    const documentRequests: string[] = [];
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/openapi/')) documentRequests.push(url.pathname);
      if (url.pathname.endsWith('.js')) bodies.push(response.text().catch(() => ''));
    });
    await gotoHydrated(page, '/api/data');
    await expect(new ReferencePage(page).source('build')).toBeVisible();
    await expect(new ReferencePage(page).loading).toHaveCount(0);
    expect(documentRequests).toEqual(['/openapi/data-v4.json']);
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(3);
    // The long strings of the first call's example stand for the document: no script carries any of them.
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string' && value.length >= 24) strings.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
    };
    collect(first.responses[0].contents[0]?.example);
    expect(strings.length).toBeGreaterThan(3);
    expect(scripts.filter((script) => strings.some((value) => script.includes(value)))).toEqual([]);
  });

  test('the sidebar follows the reading and keeps its place when the navbar hides', async ({ page }) => {
    await gotoHydrated(page, '/api/data');
    const reference = new ReferencePage(page);
    const views = operationViews(dataDocument, 'data-v4');
    const target = views[Math.floor(views.length / 2)];
    await reference.sidebar.locator(`a[href="#${target.slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${target.slug}$`));
    // The whole reference lays out as the reader jumps into it, which takes a while on a busy machine (two browser
    // workers beside a build): the same allowance as the page's first render above.
    await expect(reference.sidebar.locator('a[aria-current="location"]')).toHaveAttribute('href', `#${target.slug}`, {
      timeout: 20_000,
    });
    await expect(reference.sidebar.locator(`a[href="#${target.slug}"]`)).toBeInViewport();
    // Scrolled down, the navbar hides; the sidebar then starts at the top of the screen, with no empty band.
    await page.mouse.wheel(0, 600);
    await expect(page.locator('.navbar')).not.toBeInViewport({ timeout: 5_000 });
    await expect.poll(async () => (await reference.sidebar.boundingBox())?.y).toBe(0);
  });

  test('the sidebar follows a call whose section React rendered afresh', async ({ page }) => {
    await gotoHydrated(page, '/api/data');
    const reference = new ReferencePage(page);
    const views = operationViews(dataDocument, 'data-v4');
    const at = Math.floor(views.length / 3);
    const target = views[at];
    // What React does to a call that had not hydrated when the reader acted (CI met it on a busy machine): the
    // section with the call's id is a new element, not the one on the page when the sidebar started following.
    await page.evaluate(
      (ids) =>
        ids.forEach((id) => {
          const section = document.getElementById(id);
          section?.replaceWith(section.cloneNode(true));
        }),
      views.slice(at - 1, at + 2).map((view) => view.slug),
    );
    await reference.sidebar.locator(`a[href="#${target.slug}"]`).click();
    await expect(reference.sidebar.locator('a[aria-current="location"]')).toHaveAttribute('href', `#${target.slug}`);
  });

  test("the sidebar lays out only the tags near its visible part; scrolled to, a tag's calls render", async ({
    page,
  }) => {
    await gotoHydrated(page, '/api/data');
    const reference = new ReferencePage(page);
    const groups = reference.sidebar.locator(':scope > ul > li');
    // A group per tag, and one for the webhooks.
    expect(await groups.count()).toBe(tags.length + 1);
    // Chromium's answer for an element whose layout content-visibility skips: not visible.
    const laidOut = (group: typeof groups) =>
      group
        .locator('a')
        .last()
        .evaluate((link) => link.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(() => laidOut(groups.first())).toBe(true);
    expect(await laidOut(groups.last())).toBe(false);
    // Scrolled to its end (again, as a reader would, while the tags on the way take their real heights).
    await expect
      .poll(async () => {
        await reference.sidebar.evaluate((sidebar) => sidebar.scrollTo({ top: sidebar.scrollHeight }));
        return laidOut(groups.last());
      })
      .toBe(true);
    // Scrolled to the end again once that tag has its real height, as a reader keeps scrolling: its last call shows.
    await expect
      .poll(async () => {
        await reference.sidebar.evaluate((sidebar) => sidebar.scrollTo({ top: sidebar.scrollHeight }));
        return groups
          .last()
          .locator('a')
          .last()
          .evaluate((link) => {
            const box = link.getBoundingClientRect();
            // In the viewport as toBeInViewport means it: some of it on screen.
            return box.bottom > 0 && box.top < window.innerHeight && box.height > 0;
          });
      })
      .toBe(true);
  });

  test('each tag of the sidebar holds about the room it takes before it is laid out', async ({ page }) => {
    await gotoHydrated(page, '/api/data');
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    const heights = await new ReferencePage(page).sidebar.locator(':scope > ul > li').evaluateAll((groups) =>
      groups.map((group) => ({
        summaries: Array.from(group.querySelectorAll('li a span:last-child'), (summary) => summary.textContent ?? ''),
        px: group.getBoundingClientRect().height,
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
      })),
    );
    expect(heights).toHaveLength(tags.length + 1);
    expect(heights.every(({ summaries }) => summaries.length > 0 && summaries.every(Boolean))).toBe(true);
    const estimates = heights.map(({ summaries, px, rem }) => sidebarGroupRem(summaries) / (px / rem));
    // Each within a quarter of its height, and the whole list within a tenth: the sidebar's scrollbar barely moves.
    for (const ratio of estimates) {
      expect(ratio).toBeGreaterThan(0.75);
      expect(ratio).toBeLessThan(1.25);
    }
    const estimated = heights.reduce((sum, { summaries, rem }) => sum + sidebarGroupRem(summaries) * rem, 0);
    const actual = heights.reduce((sum, { px }) => sum + px, 0);
    expect(Math.abs(estimated / actual - 1)).toBeLessThan(0.1);
  });

  test('links to a parameter of a call scroll to it', async ({ page }) => {
    const call = operationViews(dataDocument, 'data-v4').find((view) => view.parameters.length > 1)!;
    const parameter = call.parameters[call.parameters.length - 1];
    await gotoHydrated(page, `/api/data#${call.slug}-parameter-${parameter.name}`);
    await expect(page.locator(`#${call.slug}-parameter-${parameter.name}`)).toBeInViewport();
  });
});
