import type { Options as RedirectOptions } from '@docusaurus/plugin-client-redirects';
import { brand } from './brand';

/**
 * Spec §2 fixes the misspelt route `retreiving-{product}-data`; readers who type the correct spelling land there too.
 */
export const redirects = {
  redirects: [
    {
      from: `/getting-started/Guides/retrieving-${brand.slug}-data`,
      to: `/getting-started/Guides/retreiving-${brand.slug}-data`,
    },
  ],
} satisfies RedirectOptions;
