import type { ThemeConfig } from '@docusaurus/preset-classic';
import { announcementBar } from './announcement';
import { codeLanguages, prismLoadOrder } from './codeLanguages';
import { codeTheme } from './codeTheme';
import { footer } from './footer';
import { navbar } from './navbar';

export const themeConfig = {
  // Spec §1: dark only, whatever the visitor's system prefers, and no switch.
  colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false },
  navbar,
  footer,
  announcementBar: announcementBar(),
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  // Spec §2: the chosen docs version is kept in local storage.
  docs: { sidebar: { hideable: false, autoCollapseCategories: false }, versionPersistence: 'localStorage' },
  prism: { theme: codeTheme, darkTheme: codeTheme, additionalLanguages: prismLoadOrder(codeLanguages) },
  metadata: [{ name: 'theme-color', content: '#1b1b1d' }],
  // Named, though their defaults are all they hold: Docusaurus adds each theme's defaults to this object as the themes
  // finish loading, in an order that varies from run to run (core's server/plugins/init.js), while a key named here
  // keeps its place. Unnamed, the two swapped between builds of the same tree, and with them the generated config,
  // main.js and every page's HTML (the page cache, src/build/page-cache, then copies none).
  blog: {},
  mermaid: {},
} satisfies ThemeConfig & { mermaid: object };
