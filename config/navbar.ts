import type { Navbar } from '@docusaurus/theme-common';
import { brand, siteTitle } from './brand';

/** Spec §1: exactly four sections, two of them external. */
export const navbar = {
  title: siteTitle,
  hideOnScroll: true,
  items: [
    {
      to: '/getting-started/intro/start-here',
      label: 'Getting Started',
      position: 'left',
      activeBaseRegex: '^/getting-started/',
    },
    { to: '/docs/', label: 'API', position: 'left', activeBaseRegex: '^/(docs|api)/' },
    { href: brand.sdkUrl, label: 'SDK', position: 'right' },
    { href: brand.gameStudioUrl, label: 'Game Studio', position: 'right' },
  ],
} satisfies Omit<Navbar, 'style' | 'logo'>;
