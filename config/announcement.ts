import type { ThemeConfig } from '@docusaurus/theme-common';

type AnnouncementBarConfig = NonNullable<ThemeConfig['announcementBar']>;

/**
 * Spec §2: an optional announcement bar. Its dismissal is remembered in browser storage under this id, so a new
 * announcement needs a new id. The environment can override both (used by the shell tests and by deployments).
 */
export function announcementBar(env: NodeJS.ProcessEnv = process.env): AnnouncementBarConfig | undefined {
  if (env.ANNOUNCEMENT_DISABLED === '1') {
    return undefined;
  }
  return {
    id: env.ANNOUNCEMENT_ID ?? 'chat-api-v1',
    content:
      env.ANNOUNCEMENT_TEXT ??
      'The Chat API v1 reference is live: read rooms and post messages with an OAuth2 token. <a href="/docs/chat-api/">Read the reference</a>.',
    // Colours chosen for AA contrast with the bar's link colour (see src/css/custom.css).
    backgroundColor: '#2b2b33',
    textColor: '#f2f2f5',
    isCloseable: true,
  };
}
