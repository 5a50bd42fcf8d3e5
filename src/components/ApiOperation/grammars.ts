// The request samples' languages beyond the site's own (config/codeLanguages.ts `referenceLanguages`), loaded by the
// pages that show them (the reference's code, the webhooks page), never by guides. Side-effect imports run in this order: the global first, each grammar after the ones
// it extends (PHP after markup-templating; Java and Ruby after clike, which the site has already registered).
import { releasePrism } from './globalPrism';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-php';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-perl';

releasePrism();
