import type { Footer } from '@docusaurus/theme-common';
import { apis } from './apis';
import { brand } from './brand';

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Learn',
      items: [
        { label: 'Start here', to: '/getting-started/intro/start-here' },
        { label: 'Authentication', to: '/getting-started/category/authentication' },
        { label: 'Guides', to: '/getting-started/category/guides' },
        { label: 'Partner integration guide', to: '/getting-started/category/partner-integration-guide' },
      ],
    },
    {
      title: 'Reference',
      items: [
        ...apis.map((api) => ({ label: api.title, to: `/docs/${api.folder}/` })),
        { label: 'Webhooks', to: '/docs/webhooks' },
      ],
    },
    {
      title: 'Help',
      items: [
        { label: 'Getting help', to: '/getting-started/intro/getting-help' },
        { label: 'Brand guidelines', to: '/getting-started/brand-guidelines' },
        // Static files written after the build (src/plugins/llms-export): `pathname://` keeps them out of the router.
        { label: 'llms.txt, for AI tools', to: 'pathname:///llms.txt' },
      ],
    },
  ],
  copyright: `Copyright © ${brand.copyrightYear} ${brand.name}.`,
} satisfies Omit<Footer, 'logo'>;
