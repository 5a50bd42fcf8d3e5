import type { RedocRawOptions } from 'redoc';

/**
 * Spec §2: the API reference uses a theme with a green primary colour and a 300px sidebar. The rest follows the
 * site's dark palette (src/css/custom.css); every text colour keeps WCAG AA contrast on the surface it sits on.
 */
export const referenceColors = {
  primary: '#3ecf8e',
  background: '#17171a',
  surface: '#1f1f24',
  panel: '#111114',
  text: '#e8e8ec',
  textSecondary: '#c4c4cc',
  border: '#3a3a42',
} as const;

export const sidebarWidth = '300px';

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, Cantarell, "Noto Sans", sans-serif, "Apple Color Emoji"';

export const redocTheme: NonNullable<RedocRawOptions['theme']> = {
  colors: {
    primary: { main: referenceColors.primary, contrastText: '#0b0b0d' },
    text: { primary: referenceColors.text, secondary: referenceColors.textSecondary },
    border: { dark: referenceColors.border, light: referenceColors.border },
    success: { main: '#4ade80', contrastText: '#0b0b0d' },
    error: { main: '#ff8080', contrastText: '#0b0b0d' },
    warning: { main: '#ffb454', contrastText: '#0b0b0d' },
    http: {
      get: '#3ecf8e',
      post: '#60a5fa',
      put: '#fbbf24',
      delete: '#f87171',
      patch: '#c084fc',
      options: '#d4d4d8',
      head: '#d4d4d8',
      basic: '#d4d4d8',
      link: '#67e8f9',
    },
    responses: {
      success: { color: '#6ee7a8', backgroundColor: 'rgba(62, 207, 142, 0.12)', tabTextColor: '#6ee7a8' },
      error: { color: '#ffa3a3', backgroundColor: 'rgba(255, 128, 128, 0.12)', tabTextColor: '#ffa3a3' },
      redirect: { color: '#fcd34d', backgroundColor: 'rgba(252, 211, 77, 0.12)', tabTextColor: '#fcd34d' },
      info: { color: '#93c5fd', backgroundColor: 'rgba(147, 197, 253, 0.12)', tabTextColor: '#93c5fd' },
    },
  },
  schema: {
    nestedBackground: referenceColors.surface,
    typeNameColor: referenceColors.textSecondary,
    typeTitleColor: referenceColors.textSecondary,
    requireLabelColor: '#ffa3a3',
    linesColor: referenceColors.border,
    arrow: { color: referenceColors.textSecondary },
  },
  typography: {
    fontFamily,
    fontSize: '16px',
    headings: { fontFamily },
    code: { color: '#f0c674', backgroundColor: 'rgba(255, 255, 255, 0.08)' },
    links: { color: referenceColors.primary, visited: referenceColors.primary, hover: '#7ee2b4' },
  },
  sidebar: {
    width: sidebarWidth,
    backgroundColor: referenceColors.surface,
    textColor: referenceColors.text,
    activeTextColor: referenceColors.primary,
    arrow: { color: referenceColors.text },
  },
  rightPanel: { backgroundColor: referenceColors.panel, textColor: referenceColors.text },
  codeBlock: { backgroundColor: '#0b0b0d' },
  fab: { backgroundColor: referenceColors.primary, color: '#0b0b0d' },
};

/** Redoc's options for every reference page. */
export const redocOptions: RedocRawOptions = {
  theme: redocTheme,
  // The site's fixed navbar stays above the reference; anchors scroll below it.
  scrollYOffset: 'nav.navbar',
  // The documents are third-party input: Redoc's DOMPurify pass is one more guard after the spec pipeline's escaping.
  sanitize: true,
  untrustedSpec: true,
  // The page links to the site's own downloads (JSON and YAML) instead of Redoc's single button.
  hideDownloadButton: true,
  // Redoc's search runs in a web worker made from a blob: URL, which the site's Content-Security-Policy forbids;
  // the site search and the browser's find cover it.
  disableSearch: true,
  expandSingleSchemaField: true,
  menuToggle: true,
  requiredPropsFirst: true,
  jsonSampleExpandLevel: 2,
};

/**
 * Options of the server render. DOMPurify needs a DOM, which the server has not; the build-time document is already
 * escaped by the spec pipeline, and the live reference that replaces this markup sanitizes again. There is no navbar
 * to measure on the server either.
 */
export const staticRedocOptions: RedocRawOptions = {
  ...redocOptions,
  sanitize: false,
  untrustedSpec: false,
  scrollYOffset: 0,
};
