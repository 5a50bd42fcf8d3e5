import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { Prism } from '../src/core/prism';
import { contentPages, projectFiles } from '../tests/fixtures/content';
import { sampleLanguages } from '../src/core/samples';
import { codeLanguages, prismLoadOrder, referenceLanguages } from './codeLanguages';

const root = path.resolve(__dirname, '..');
const require = createRequire(import.meta.url);

/** Every language a code block names: Markdown fences in the guides and docs, and `language="..."` in components. */
function languagesInUse(): Set<string> {
  const used = new Set<string>(sampleLanguages.map((sample) => sample.prism));
  for (const file of contentPages()) {
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(/^\s*```([\w-]+)/gm)) used.add(match[1]);
  }
  for (const file of projectFiles('src').filter((name) => /(?<!\.test)\.tsx$/.test(name))) {
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(/language="([\w-]+)"/g))
      used.add(match[1]);
  }
  used.delete('text');
  return used;
}

describe('the highlighted languages', () => {
  const order = prismLoadOrder(codeLanguages);
  for (const id of order) require(`prismjs/components/prism-${id}`);

  test('load each after the languages it extends', () => {
    expect(order.indexOf('clike')).toBeLessThan(order.indexOf('javascript'));
    expect(order.indexOf('clike')).toBeLessThan(order.indexOf('csharp'));
    expect(order).toEqual(expect.arrayContaining(codeLanguages));
    // The guides' bundle does not carry the reference's languages.
    expect(order.filter((id) => referenceLanguages.includes(id))).toEqual([]);
  });

  test('cover every language the site shows code in, the reference chunk’s own included', async () => {
    await import('../src/components/ApiOperation/grammars');
    for (const language of referenceLanguages) expect(Prism.languages[language], language).toBeDefined();
    const used = languagesInUse();
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((language) => !Prism.languages[language]);
    expect(missing, `add these to config/codeLanguages.ts`).toEqual([]);
  });
});
