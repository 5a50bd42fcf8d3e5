import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { StaticMarkup } from './staticMarkup.client';

/**
 * Server side of the static reference: renders Redoc to HTML with its styled-components CSS, so the page is
 * readable before any script runs. The client module of the same name reads that markup back from the DOM; the
 * bundler picks one or the other (see the openapi-source plugin's `configureWebpack`).
 */
export function getStaticMarkup(render: () => ReactElement): StaticMarkup {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(render()));
    const css = sheet
      .getStyleTags()
      .replace(/<style[^>]*>/g, '')
      .replace(/<\/style>/g, '');
    return { html, css };
  } finally {
    sheet.seal();
  }
}
