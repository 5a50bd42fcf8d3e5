import { themes, type PrismTheme } from 'prism-react-renderer';

/**
 * Docusaurus's default code theme (Palenight) with the one token colour that misses WCAG AA contrast on its own
 * background lightened: booleans in JSON examples measured 4.48:1 against the required 4.5:1.
 */
export const codeTheme: PrismTheme = {
  ...themes.palenight,
  styles: themes.palenight.styles.map((entry) =>
    entry.types.includes('boolean') ? { ...entry, style: { ...entry.style, color: '#ff7a90' } } : entry,
  ),
};
