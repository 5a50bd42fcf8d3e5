import { Fragment, type ReactNode } from 'react';
import { wordBreaks } from '@site/src/core/text/wordBreaks';

/** The pieces of a text with a `<wbr>` between each two: the only places a line may break inside its words. */
export function BreakBetween({ pieces }: { pieces: readonly string[] }): ReactNode {
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}

/** `text` with a `<wbr>` between the words of each identifier in it (`wordBreaks`), and nothing else added. */
export default function WordBreaks({ text }: { text: string }): ReactNode {
  return <BreakBetween pieces={wordBreaks(text)} />;
}
