import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { ResponseView } from '../../core/openapi/view';
import ResponseExamples, { initialStatus } from './ResponseExamples';

const responses: ResponseView[] = [
  { status: '400', description: 'Bad request.', contents: [] },
  { status: '200', description: 'A page.', contents: [{ contentType: 'application/json', example: { marker: 'ok' } }] },
];

test('the first 2xx status is chosen at first, the first status when there is none', () => {
  expect(initialStatus(responses)).toBe(1);
  expect(initialStatus([responses[0]])).toBe(0);
});

test('every panel is in the page unless lazy, which builds only the chosen one', () => {
  const all = renderToStaticMarkup(<ResponseExamples responses={responses} />);
  expect(all).toContain('Bad request.');
  expect(all).toContain('marker');
  const lazy = renderToStaticMarkup(<ResponseExamples responses={responses} lazy />);
  expect(lazy).not.toContain('Bad request.');
  expect(lazy).toContain('marker');
  expect(lazy.match(/role="tab"/g)?.length).toBe(2);
  expect(lazy.match(/role="tabpanel"/g)?.length).toBe(1);
  const panel = /role="tabpanel" id="([^"]+)"/.exec(lazy)?.[1];
  expect(lazy.match(new RegExp(`aria-controls="${panel}"`, 'g'))?.length).toBe(2);
});

test('a body without an example shows one built from its schema, labelled; the document’s own always wins', () => {
  const built: ResponseView[] = [
    {
      status: '200',
      description: 'A user.',
      contents: [{ contentType: 'application/json', generated: { login: 'string' } }],
    },
  ];
  const html = renderToStaticMarkup(<ResponseExamples responses={built} />);
  expect(html).toContain('this one is built from the schema');
  expect(html).toContain('login');
  expect(html).not.toContain('The document gives no example of this body.');
  const own = renderToStaticMarkup(
    <ResponseExamples
      responses={[{ ...built[0], contents: [{ ...built[0].contents[0], example: { marker: 'documented' } }] }]}
    />,
  );
  expect(own).toContain('documented');
  expect(own).not.toContain('login');
  expect(own).not.toContain('built from the schema');
});
