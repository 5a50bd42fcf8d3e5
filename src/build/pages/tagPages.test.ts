import path from 'node:path';
import { expect, test } from 'vitest';
import { generatedRequest, singlePageReferenceName, tagPropsModulePrefix, tagPropsName } from './tagPages';

test("a tag page's props module is named under the prefix the lazy routes take; the index's is not", () => {
  const generated = path.join(path.sep, 'site', '.docusaurus');
  // Where createData writes a name: the plugin's data folder, `<generated>/<plugin name>/<id>/`.
  const file = path.join(generated, singlePageReferenceName, 'default', tagPropsName('graph', 'users'));
  const request = generatedRequest(generated, file);
  expect(request).toBe('@generated/single-page-reference/default/tags/graph/users.json');
  expect(request.startsWith(tagPropsModulePrefix('default', 'graph'))).toBe(true);
  // Another API's tag pages, and the index's props (Docusaurus's `p/` module), are not under it.
  expect(request.startsWith(tagPropsModulePrefix('default', 'grap'))).toBe(false);
  expect(
    '@generated/single-page-reference/default/p/api-graph-5e4.json'.startsWith(
      tagPropsModulePrefix('default', 'graph'),
    ),
  ).toBe(false);
});
