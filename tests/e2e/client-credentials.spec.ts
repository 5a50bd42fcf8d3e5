import { e2eRoutes } from '../fixtures/plugins/e2e-test-routes';
import { probeServer } from '../fixtures/plugins/e2e-test-routes/probe';
import { variantUrl } from './support/variants';
import { expect, gotoHydrated, test } from './support/fixtures';
import { Explorer } from './support/pages';

/**
 * Try it's client credentials flow, on the variant build's probe page: a call whose OAuth2 scheme declares it (with
 * the authorization code flow), as third-party documents do. The test answers the token endpoint and the call.
 */
test('gets an application token with the client id and secret, sends it, and keeps the secret nowhere', async ({
  page,
}) => {
  const tokenRequests: string[] = [];
  const calls: (string | undefined)[] = [];
  await page.route(`${probeServer}/oauth/token`, async (route) => {
    tokenRequests.push(route.request().postData() ?? '');
    await route.fulfill({
      json: { access_token: 'app-token-4f2a9c', token_type: 'Bearer', expires_in: 3600, scope: 'reports:read' },
    });
  });
  await page.route(`${probeServer}/reports`, async (route) => {
    calls.push(route.request().headers().authorization);
    await route.fulfill({ json: { reports: [] } });
  });
  await gotoHydrated(page, `${variantUrl('hostile')}${e2eRoutes.clientCredentials}`);
  const explorer = new Explorer(page);
  const group = explorer.form.getByRole('group', { name: 'OAuth2 sign-in' });
  await group.getByLabel('Flow').selectOption('clientCredentials');
  await expect(group).toContainText('Get a token with OAuth2 client credentials');
  await group.getByRole('textbox', { name: /Client id/ }).fill('reports-app');
  await group.getByLabel(/Client secret/).fill('s3cret-value-77');
  await expect(group.getByRole('checkbox', { name: 'reports:read' })).toBeChecked();
  await group.getByRole('button', { name: 'Get token' }).click();
  await expect(group).toContainText('Signed in: token ••••2a9c, expires at');

  const form = new URLSearchParams(tokenRequests[0]);
  expect(Object.fromEntries(form)).toEqual({
    grant_type: 'client_credentials',
    client_id: 'reports-app',
    client_secret: 's3cret-value-77',
    scope: 'reports:read',
  });
  await explorer.send();
  await expect(explorer.status).toContainText('200');
  expect(calls).toEqual(['Bearer app-token-4f2a9c']);
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(stored).not.toContain('s3cret-value-77');
  expect(page.url()).not.toContain('s3cret');
});
