// cspell:words noembed

/** Every element name of HTML, obsolete ones too: a tag of any other name is markup only when it is closed. */
export const htmlElementNames = new Set(
  `a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote body br
  button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed
  fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe
  image img input ins isindex kbd keygen label legend li link listing main map mark marquee math menu menuitem meta
  meter multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p param picture plaintext
  pre progress q rb rbc rp rt rtc ruby s samp script search section select slot small source spacer span strike strong
  style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr
  xmp`.split(/\s+/),
);

/**
 * Elements whose content is not text for a reader (code, styles, embedded documents, vector graphics) or whose
 * content the HTML parser reads as text (so it would show tags): dropped with all they hold.
 */
export const droppedElements = [
  'script',
  'style',
  'template',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'head',
];

/**
 * Of those, the ones whose content the HTML parser reads as text up to their closing tag: such a tag without one
 * would take the rest of the description with it, so unclosed it is text (./read.ts).
 */
export const rawTextElements = new Set([
  'script',
  'style',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
]);
