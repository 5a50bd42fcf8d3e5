import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiByKey } from '../../config/apis';
import { e2eRoutes } from '../fixtures/plugins/e2e-test-routes';
import { foreignSignIn } from '../fixtures/plugins/e2e-test-routes/probe';
import { demoOAuthClientId, mockUrl } from '../../config/mock';
import { spawnGroup } from '../../tools/lib/processGroup';
import { startMock, type MockServer } from '../../tools/mock/mockServer';
import { axe } from './support/axe';
import { expect, gotoHydrated, test } from './support/fixtures';
import { Explorer } from './support/pages';
import { RecipeRunnerPanel } from './support/recipeRunner';
import { variantUrl } from './support/variants';

/**
 * Try it's OAuth2 sign-in (src/core/oauth, ApiExplorer/SignIn.tsx) against `npm run mock`'s Chat API: Prism behind the
 * credential gate, which takes only tokens its OAuth2 server (oidc-provider, tools/mock/oauthServer.ts) issued.
 * The reader's path: the popup (or the page itself when popups are blocked), the provider's sign-in and consent
 * pages, back through static/oauth2/callback.html, then a message posted with the token.
 */

const route = '/docs/chat-api/post-room-message';
const chatUrl = mockUrl('chat');
const document = path.resolve('build/openapi', `${apiByKey('chat').id}.json`);

test.describe.configure({ mode: 'serial' });

let mock: MockServer;
test.beforeAll(async () => {
  mock = await startMock('chat', Number(new URL(chatUrl).port), { document });
});
test.afterAll(async () => {
  await mock?.stop();
});

function signInGroup(page: Page) {
  return new Explorer(page).form.getByRole('group', { name: 'OAuth2 sign-in' });
}

async function openExplorer(page: Page): Promise<Explorer> {
  await gotoHydrated(page, route);
  const explorer = new Explorer(page);
  await explorer.chooseServer(chatUrl);
  return explorer;
}

/**
 * The provider's pages (oidc-provider's development sign-in and consent), as a player goes through them: the sign-in
 * only without a session at the provider, the consent only while nothing is granted yet.
 */
async function consent(provider: Page, answer: 'Continue' | 'Cancel' = 'Continue'): Promise<void> {
  const login = provider.getByPlaceholder('Enter any login');
  const proceed = provider.getByRole('button', { name: 'Continue' });
  const closed = provider.waitForEvent('close').then(() => 'closed' as const);
  const shown = async () => {
    await login.or(proceed).waitFor();
    return 'shown' as const;
  };
  if ((await Promise.race([shown(), closed])) === 'closed') return;
  if (await login.isVisible()) {
    await login.fill('demo-player');
    await provider.getByPlaceholder('and password').fill('any password');
    await provider.getByRole('button', { name: 'Sign-in' }).click();
    if ((await Promise.race([proceed.waitFor().then(() => 'shown' as const), closed])) === 'closed') return;
  }
  if (answer === 'Continue') await proceed.click();
  else await provider.getByRole('link', { name: '[ Cancel ]' }).click();
}

async function signInThroughPopup(page: Page): Promise<void> {
  const popup = page.waitForEvent('popup');
  await signInGroup(page).getByRole('button', { name: 'Sign in' }).click();
  await consent(await popup);
}

/** The Authorization header of the last call the mock's gate received. */
function lastToken(): string {
  const authorization = mock.received.filter((request) => request.url.startsWith('/rooms/')).at(-1)
    ?.headers.authorization;
  return /^Bearer (\S+)$/.exec(String(authorization))?.[1] ?? '';
}

test('signs in through a popup and posts a message with a token the gate verified; the token is in no URL, storage or console line', async ({
  page,
}) => {
  const urls: string[] = [];
  const consoleText: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  page.context().on('console', (message) => consoleText.push(message.text()));
  // A made-up token is refused: the gate verifies a token, it does not only look for one.
  const madeUp = await fetch(`${chatUrl}/rooms/room-1/messages`, {
    method: 'POST',
    headers: { authorization: 'Bearer made-up-token', 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'hello' }),
  });
  expect(madeUp.status).toBe(401);
  const explorer = await openExplorer(page);
  // The "keep the token" checkbox sits beside its words, not stretched across the row as the explorer's fields are.
  const keep = signInGroup(page).getByRole('checkbox', { name: /Keep the token in this tab/ });
  expect((await keep.boundingBox())?.width).toBeLessThan(40);

  await signInThroughPopup(page);
  const group = signInGroup(page);
  await expect(group).toContainText(/Signed in: token ••••\S{4}, expires at/);
  await expect(explorer.credential('OAuth2 access token')).toHaveCount(0);
  await explorer.send();
  await expect(explorer.status).toContainText('200');
  await expect(explorer.responseBody).toContainText('"id"');

  const token = lastToken();
  expect(token).not.toBe('made-up-token');
  expect(await mock.oauth?.verify(token)).toBeUndefined();
  await expect(group).not.toContainText(token);
  expect(urls.filter((url) => url.includes(token))).toEqual([]);
  expect(consoleText.filter((line) => line.includes(token))).toEqual([]);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(stored).not.toContain(token);

  // Signing out revokes the token at the provider (found from its metadata): the gate refuses it from then on.
  await group.getByRole('button', { name: 'Sign out' }).click();
  await expect(group).toContainText('Signed out: the provider revoked the token.');
  await expect(explorer.credential('OAuth2 access token')).toBeVisible();
  expect(await mock.oauth?.verify(token)).toMatch(/not issued by the local OAuth2 server, or has expired/);
});

test('with popups blocked, signs in by leaving the page and comes back with what was typed', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const explorer = await openExplorer(page);
  await explorer.parameter('room_id').fill('room-kept-7');
  await signInGroup(page).getByRole('button', { name: 'Sign in' }).click();
  await consent(page);
  await page.waitForURL((url) => url.pathname === route);
  await expect(signInGroup(page)).toContainText('Signed in: token');
  await expect(explorer.parameter('room_id')).toHaveValue('room-kept-7');
  expect(page.url()).not.toMatch(/code=|state=/);
  await explorer.send();
  await expect(explorer.status).toContainText('200');
  expect(mock.received.at(-1)?.url).toBe('/rooms/room-kept-7/messages');
});

test.describe('failures', () => {
  // The refused code is a 400 the page reports on purpose: the fixture's failed-request check would count it.
  test.use({ allowProblems: true });

  test('declined consent, a forged state, a refused code, an unreadable token endpoint and a closed popup each say so and keep the inputs', async ({
    page,
  }) => {
    const explorer = await openExplorer(page);
    await explorer.parameter('room_id').fill('room-still-here');
    const group = signInGroup(page);

    let popup = page.waitForEvent('popup');
    await group.getByRole('button', { name: 'Sign in' }).click();
    await consent(await popup, 'Cancel');
    await expect(group.getByRole('alert')).toContainText('Sign-in was declined: access_denied');

    // The provider's answer carries another state than this sign-in's, as a forged callback would: the request
    // reaches the provider with its state replaced, and the provider sends that state back.
    await page.context().route(`${chatUrl}/oauth/authorize?*`, async (routed) => {
      const url = new URL(routed.request().url());
      url.searchParams.set('state', 'forged');
      await routed.continue({ url: url.href });
    });
    popup = page.waitForEvent('popup');
    await group.getByRole('button', { name: 'Sign in' }).click();
    await consent(await popup);
    await expect(group.getByRole('alert')).toContainText('its state did not match');
    await page.context().unrouteAll();

    const tokenRequests: string[] = [];
    await page.route(`${chatUrl}/oauth/token`, async (routed) => {
      tokenRequests.push(routed.request().postData() ?? '');
      await routed.fulfill({
        status: 400,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'invalid_grant', error_description: 'the code has expired' }),
      });
    });
    popup = page.waitForEvent('popup');
    await group.getByRole('button', { name: 'Sign in' }).click();
    await consent(await popup);
    await expect(group.getByRole('alert')).toContainText(
      'The token endpoint refused the authorization code: invalid_grant (the code has expired).',
    );
    // The exchange carried the PKCE verifier, and no secret.
    expect(tokenRequests[0]).toMatch(/code_verifier=[\w-]{43,}/);
    expect(tokenRequests[0]).not.toMatch(/client_secret/);
    await page.unrouteAll();

    // A token endpoint that answers without letting this page read it (no CORS header, as a provider that does not
    // allow the portal would): the request goes to a server of the test's that sends none.
    const noCors = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"x","token_type":"bearer"}');
    });
    await new Promise<void>((resolve) => noCors.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = noCors.address() as AddressInfo;
      await page.route(`${chatUrl}/oauth/token`, (routed) =>
        routed.continue({ url: `http://127.0.0.1:${port}/oauth/token` }),
      );
      popup = page.waitForEvent('popup');
      await group.getByRole('button', { name: 'Sign in' }).click();
      await consent(await popup);
      await expect(group.getByRole('alert')).toContainText(
        `could not be read from this page. The provider must allow this site's origin (${new URL(page.url()).origin}) by CORS`,
      );
    } finally {
      await page.unrouteAll();
      noCors.close();
    }

    // The reader closes the popup before finishing.
    popup = page.waitForEvent('popup');
    await group.getByRole('button', { name: 'Sign in' }).click();
    await (await popup).close();
    await expect(group.getByRole('alert')).toContainText('The sign-in window was closed before it finished.');

    await expect(explorer.parameter('room_id')).toHaveValue('room-still-here');
    await expect(group.getByRole('textbox', { name: /Client id/ })).toBeVisible();

    const results = await axe(page).include('form[aria-label="Request explorer"]').analyze();
    expect(results.violations).toEqual([]);
  });
});

test('an expired token is refreshed before the call, which succeeds', async ({ page }) => {
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${chatUrl}/oauth/token` && /grant_type=refresh_token/.test(request.postData() ?? '')) {
      refreshes.push(request.url());
    }
  });
  const explorer = await openExplorer(page);
  await signInThroughPopup(page);
  await expect(signInGroup(page)).toContainText('Signed in: token');
  // The page's clock, not the mock's token lifetime, says the token expired: the shared mock stays as it is, and the
  // refreshed token it issues is valid by its own clock. Installed once the sign-in's popup has closed (the clock
  // is the context's, and a closed page of it cannot be moved).
  await expect.poll(() => page.context().pages().length).toBe(1);
  await page.clock.install();
  await page.clock.fastForward('02:00:00');
  await explorer.send();
  await expect(explorer.status).toContainText('200');
  expect(refreshes).toHaveLength(1);
  expect(await mock.oauth?.verify(lastToken())).toBeUndefined();
});

test.describe('an expired token whose refresh is refused', () => {
  // The refused refresh is a 400 the page reports on purpose.
  test.use({ allowProblems: true });

  test('says so, forgets the token and offers the sign-in again', async ({ page }) => {
    const explorer = await openExplorer(page);
    await signInThroughPopup(page);
    await expect(signInGroup(page)).toContainText('Signed in: token');
    await page.route(`${chatUrl}/oauth/token`, (routed) =>
      routed.fulfill({
        status: 400,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'invalid_grant', error_description: 'the refresh token has expired' }),
      }),
    );
    await expect.poll(() => page.context().pages().length).toBe(1);
    await page.clock.install();
    await page.clock.fastForward('02:00:00');
    await explorer.send();
    await expect(explorer.form).toContainText(
      'Your access token expired and could not be renewed. The token endpoint refused the refresh token: invalid_grant (the refresh token has expired).',
    );
    await expect(signInGroup(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test("signs in only on a host the API names: the Chat API's own is offered, a document's look-alike page is refused with why and nothing opens", async ({
  page,
}) => {
  // Popups blocked, so a sign-in that started would take this very tab to the document's page.
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { opened });
    window.open = (url) => {
      opened.push(String(url));
      return null;
    };
  });
  const seen: string[] = [];
  page.context().on('request', (request) => seen.push(request.url()));
  page.context().on('page', (opened) => seen.push(`new page ${opened.url()}`));

  // The Chat API's production server: its sign-in page is on its own host, which the record's default allows.
  const explorer = await openExplorer(page);
  await explorer.chooseServer('https://open.arena.example/chat/v1');
  await expect(signInGroup(page)).toContainText('authorization code with PKCE, at https://open.arena.example');
  await expect(signInGroup(page).getByRole('button', { name: 'Sign in' })).toBeVisible();

  // A document whose authorization page is a look-alike host (its token endpoint on the API's own).
  const probe = `${variantUrl('hostile')}${e2eRoutes.foreignSignIn}`;
  await gotoHydrated(page, probe);
  const landed = page.url();
  const group = signInGroup(page);
  const foreign = new URL(foreignSignIn.authorizationUrl).origin;
  await expect(group).toContainText(
    `The document's authorization page is on ${foreign}, not on a host the API signs in at (${foreignSignIn.signInOrigin}): Try it opens a sign-in page only there. Get a token with your own client and paste it above.`,
  );
  await expect(group.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect(group.getByRole('textbox', { name: /Client id/ })).toHaveCount(0);
  // The reader can still paste a token of their own.
  await expect(new Explorer(page).credential('OAuth2 access token')).toBeVisible();
  // Nothing here starts a sign-in: the page offers no button, so there is nothing to wait for.
  expect(page.url()).toBe(landed);
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([]);
  expect(page.context().pages()).toHaveLength(1);
  expect(seen.filter((url) => url.includes(new URL(foreign).hostname) || url.startsWith('new page'))).toEqual([]);
});

test("the OAuth2 guide's sample signs in with PKCE, posts, refreshes its token and posts again", async ({ page }) => {
  const sample = spawnGroup(process.execPath, ['getting-started/authentication/samples/oauth-flow.mjs', 'hub-1'], {
    env: { ...process.env, ARENA_CHAT_API_URL: chatUrl, OAUTH_CLIENT_ID: demoOAuthClientId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let out = '';
    const exited = new Promise<number | null>((resolve) => sample.child.once('exit', (code) => resolve(code)));
    sample.child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    sample.child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => /^Open (\S+)$/m.exec(out)?.[1] ?? '').toMatch(/\/oauth\/authorize\?/);
    // The player opens the page the app printed, signs in and approves.
    await page.goto(/^Open (\S+)$/m.exec(out)?.[1] ?? '');
    await consent(page);
    await expect(page.locator('body')).toHaveText('Signed in: you can close this page.');
    expect(await exited, out).toBe(0);
    expect(out).toMatch(/^access token for \d+ s, refresh token received$/m);
    expect(out).toContain('post: 200');
    expect(out).toMatch(/^refreshed: access token for \d+ s$/m);
    expect(out).toContain('post after refresh: 200');
  } finally {
    await sample.stop();
  }
});

test("the chat bot's recipe signs in with Try it's sign-in, then reads the room and posts with that token through the gate", async ({
  page,
}) => {
  const from = mock.received.length;
  await gotoHydrated(page, '/getting-started/recipes/chat-bot-post');
  const runner = new RecipeRunnerPanel(page);
  await runner.chooseServer('mock');
  const group = runner.region.getByRole('group', { name: 'OAuth2 sign-in' });
  // The runner's fields are full width; the "keep the token" checkbox still sits beside its words.
  const keep = group.getByRole('checkbox', { name: /Keep the token in this tab/ });
  expect((await keep.boundingBox())?.width).toBeLessThan(40);
  const popup = page.waitForEvent('popup');
  await group.getByRole('button', { name: 'Sign in' }).click();
  await consent(await popup);
  await expect(group).toContainText(/Signed in: token ••••\S{4}, expires at/);
  await runner.button('Run to the end').click();
  await expect(runner.question).toContainText('Step post writes (POST). Send it?');
  await runner.button('Send it').click();
  await expect(runner.status).toContainText('The run succeeded after 3 steps');
  // Every call reached the mock with the token its OAuth2 server issued, which the gate verified.
  const calls = mock.received.slice(from).filter((request) => request.url.startsWith('/rooms/'));
  expect(calls.map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
  const tokens = new Set(calls.map((request) => String(request.headers.authorization)));
  expect(tokens.size).toBe(1);
  const token = /^Bearer (\S+)$/.exec([...tokens][0])?.[1] ?? '';
  expect(await mock.oauth?.verify(token)).toBeUndefined();
  await expect(runner.region).not.toContainText(token);
});
