import { expect, test } from 'vitest';
import { htmlPage } from './htmlPage';

const html = `<!doctype html><html><head><title>Webhooks | Arena Developers</title>
<meta name="description" content="Receive event notifications.">
</head><body><nav>menu</nav><main><article><nav class="breadcrumbs">Home</nav>
<div class="theme-doc-markdown markdown"><header><h1>Webhooks</h1></header>
<p>Webhooks tell you <strong>what happened</strong>. See <a href="/docs/">the docs</a>.</p>
<h2 id="verify">Verify<a href="#verify" class="hash-link">#</a></h2>
<div class="language-js codeBlockContainer"><pre class="prism-code"><code><span class="token-line"><span>const a = 1;</span></span><br><span class="token-line"><span>console.log(a);</span></span></code></pre><button>Copy</button></div>
<table><thead><tr><th>Status</th><th>Meaning</th></tr></thead><tbody><tr><td>429</td><td>Too many</td></tr></tbody></table>
</div></article></main><script>window.x = 1</script></body></html>`;

test('a built page becomes Markdown with its headings, prose, code and tables, without furniture', () => {
  const page = htmlPage(html);
  expect(page.title).toBe('Webhooks');
  expect(page.description).toBe('Receive event notifications.');
  expect(page.markdown).toBe(
    [
      '# Webhooks',
      '',
      'Webhooks tell you **what happened**. See [the docs](/docs/).',
      '',
      '## Verify',
      '',
      '```js',
      'const a = 1;',
      'console.log(a);',
      '```',
      '',
      '| Status | Meaning |',
      '| --- | --- |',
      '| 429 | Too many |',
      '',
    ].join('\n'),
  );
});

test('text that looks like HTML stays text in the Markdown', () => {
  const page = htmlPage(
    '<html><head><title>A &lt;b&gt; | Site</title></head><body><main><p>Shown: &lt;script&gt;x()&lt;/script&gt; and <code>&lt;api key&gt;</code></p></main></body></html>',
  );
  expect(page.markdown).toContain('Shown: &lt;script&gt;x()&lt;/script&gt; and `<api key>`');
  expect(page.markdown).not.toMatch(/(^|[^`])<script>/);
  // The title is plain text; whoever writes it into Markdown escapes it (llms.txt does).
  expect(page.title).toBe('A <b>');
});
