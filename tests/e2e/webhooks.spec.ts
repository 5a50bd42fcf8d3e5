import { webhookIndex } from '../../src/core/openapi/webhookIndex';
import { sampleLanguages } from '../../src/core/samples';
import { expectAccessible } from './support/axe';
import { expect, gotoHydrated, test } from './support/fixtures';
import { builtDocument } from './support/openapi';

/**
 * The webhooks reference as an integrator uses it, on the production build: the events index and every event's page
 * are what the built document says (who receives each event, what is documented and what is modelled, the call that
 * fetches the object), the handlers' tabs follow the reader's language, and nothing scrolls sideways on a phone.
 */
const index = webhookIndex(builtDocument('data-v4'), 'data-v4', 'Data API', '/docs/data-api');
const events = index.groups.flatMap((group) => group.events);
const cancelled = events.find((event) => event.name === 'match_status_cancelled')!;

test.describe('the webhooks reference', () => {
  test('the index lists every event of the document with a mark for each subscription type that delivers it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/webhooks');
    expect(events.length).toBeGreaterThanOrEqual(13);
    for (const group of index.groups) {
      await expect(page.locator(`section[data-entity="${group.entity}"] caption`)).toHaveText(group.entity);
    }
    const rows = page.locator('tr[data-event]');
    await expect(rows).toHaveCount(events.length);
    const shown = await rows.evaluateAll((nodes) =>
      nodes.map((row) => ({
        name: row.getAttribute('data-event'),
        marks: Array.from(row.querySelectorAll('td[data-delivered]'), (cell) => cell.getAttribute('data-delivered')),
      })),
    );
    expect(shown).toEqual(
      events.map((event) => ({
        name: event.name,
        marks: index.subscriptionTypes.map((type) => String(event.subscriptionTypes.includes(type.id))),
      })),
    );
    // What is documented and what is modelled: said above the tables, and on the one row whose receivers are modelled.
    await expect(page.locator('[data-provenance-summary]')).toContainText(
      'Who receives it: documented by the provider for 12 events; modelled by this portal for match_status_cancelled.',
    );
    await expect(page.locator('[data-modelled="subscription-types"]')).toHaveCount(1);
    await expect(page.locator(`tr[data-event="${cancelled.name}"] [data-modelled="subscription-types"]`)).toBeVisible();
    // The scopes of each subscription type.
    for (const type of index.subscriptionTypes) {
      for (const scope of type.scopes) {
        await expect(page.locator(`[data-subscription-type="${type.id}"]`)).toContainText(scope.name);
      }
    }
  });

  test('an event of the index leads to its page: who receives it, what is modelled, its headers and fields, and the call for the object', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/webhooks');
    await page.locator(`tr[data-event="${cancelled.name}"] th a`).click();
    await expect(page).toHaveURL(new RegExp(`/docs/data-api/${cancelled.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cancelled.name);
    await expect(page.locator('[data-subscription-types]')).toHaveText(
      'Delivered to subscriptions of type Organizer, User and Game (modelled by this portal).',
    );
    await expect(page.locator('[data-modelled="payload"]')).toContainText('modelled by this portal');
    // The signature's headers and every field of the body, each with its anchor.
    for (const header of [index.signing!.signatureHeader, index.signing!.timestampHeader]) {
      await expect(page.locator(`[data-header="${header}"]`)).toBeVisible();
    }
    for (const field of ['event', 'event_id', 'retry_count', 'payload']) {
      await expect(page.locator(`#webhook-body-${field}`)).toBeVisible();
    }
    await page.locator('[data-fetch] a').click();
    await expect(page).toHaveURL(new RegExp(`/docs/data-api/${cancelled.fetch!.slug}$`));
  });

  test('the handlers come in every sample language, and the reader’s choice holds on the reference’s samples', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/webhooks');
    const handlers = page.locator('[data-handlers] details');
    await expect(handlers).toHaveCount(sampleLanguages.length);
    // One open at a time: the first language, until the reader chooses.
    await expect(page.locator('[data-handlers] details[open]')).toHaveCount(1);
    const python = page.locator('[data-handlers] details[data-language="python"]');
    await python.locator('summary').click();
    await expect(python).toHaveAttribute('open', '');
    await expect(page.locator('[data-handlers] details[open]')).toHaveCount(1);
    await expect(python).toContainText('hmac.compare_digest');
    await expect(python).toContainText(index.signing!.signatureHeader);
    await expect(python).toContainText(`Run it: ${index.handlers.find((h) => h.language === 'python')!.run}`);
    // The same choice on a call's page: its request sample is Python too; and back here, Python is open.
    await gotoHydrated(page, '/docs/data-api/get-match');
    await expect(page.getByRole('tab', { name: 'Python', selected: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Go' }).first().click();
    await gotoHydrated(page, '/docs/webhooks');
    await expect(page.locator('[data-handlers] details[data-language="go"]')).toHaveAttribute('open', '');
  });

  for (const route of ['/docs/webhooks', `/docs/data-api/${cancelled.slug}`]) {
    test(`${route} fits a phone without scrolling sideways, and is accessible`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(page, route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, route);
    });
  }
});
