/**
 * Spec §2: the API reference has a green primary colour and a 300px sidebar. Set once here, as CSS custom properties
 * on the page (the theme's primary colour is overridden inside the reference only); the browser tests read them
 * from here too.
 */
export const referenceColors = {
  primary: '#3ecf8e',
  primaryDark: '#2fb57a',
  primaryLight: '#6ee7a8',
} as const;

export const sidebarWidth = '300px';

export const referenceStyle = {
  '--ifm-color-primary': referenceColors.primary,
  '--ifm-color-primary-dark': referenceColors.primaryDark,
  '--ifm-color-primary-darker': referenceColors.primaryDark,
  '--ifm-color-primary-darkest': referenceColors.primaryDark,
  '--ifm-color-primary-light': referenceColors.primaryLight,
  '--ifm-color-primary-lighter': referenceColors.primaryLight,
  '--ifm-color-primary-lightest': referenceColors.primaryLight,
  '--ifm-link-color': referenceColors.primary,
  '--ifm-tabs-color-active': referenceColors.primary,
  '--ifm-tabs-color-active-border': referenceColors.primary,
  '--reference-sidebar-width': sidebarWidth,
} as Record<string, string>;

/**
 * The height in rem a tag of the reference's sidebar holds before it is first laid out (`contain-intrinsic-size`;
 * content-visibility skips the tags far from view): its heading with its margin, about 1.9rem, and per call 2rem for
 * its first line and 1.5rem for each further one, at about 30 characters a line in the 300px sidebar. A browser test
 * holds it to the laid-out heights.
 */
export function sidebarGroupRem(summaries: readonly string[]): number {
  return summaries.reduce((sum, summary) => sum + 0.5 + 1.5 * Math.max(1, Math.ceil(summary.length / 30)), 1.9);
}
