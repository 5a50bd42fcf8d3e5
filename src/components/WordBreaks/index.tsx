import { Fragment, type ReactNode } from 'react';
import { wordBreaks } from '@site/src/lib/text/wordBreaks';

/** `text` with a `<wbr>` between the words of each identifier in it (`wordBreaks`), and nothing else added. */
export default function WordBreaks({ text }: { text: string }): ReactNode {
  return wordBreaks(text).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}
