import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ResponseView } from '@site/src/core/openapi/view';
import Markdown from '@site/src/components/Markdown';
import CollapsibleCode from './CollapsibleCode';
import { arrowTarget } from './tabs';
import styles from './styles.module.css';

/** The first 2xx status, where a reader starts; the first status when there is none. */
export function initialStatus(responses: ResponseView[]): number {
  const index = responses.findIndex((response) => /^2/.test(response.status));
  return index === -1 ? 0 : index;
}

/**
 * The example body of each documented status, one tab per status (WAI-ARIA tabs: arrow keys move between them).
 * Every panel is in the page, the ones not chosen hidden; `lazy` builds only the chosen one, in one panel.
 */
export default function ResponseExamples({
  responses,
  lazy = false,
}: {
  responses: ResponseView[];
  /** Build only the chosen status's panel, with a preview of a long example (a page of many calls). */
  lazy?: boolean;
}): ReactNode {
  const [selected, setSelected] = useState(() => initialStatus(responses));
  const base = useId();
  if (responses.length === 0) return null;
  const tabId = (index: number) => `${base}-tab-${index}`;
  // Lazy (a page of many calls): one panel, the chosen status's, which every tab controls.
  const panelId = (index: number) => (lazy ? `${base}-panel` : `${base}-panel-${index}`);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = arrowTarget(event.key, selected, responses.length);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label="Response status" className={styles.statusTabs}>
        {responses.map((response, index) => (
          <button
            key={response.status}
            type="button"
            role="tab"
            id={tabId(index)}
            aria-selected={index === selected}
            aria-controls={panelId(index)}
            tabIndex={index === selected ? 0 : -1}
            className={styles.statusTab}
            data-status-class={response.status.charAt(0)}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
          >
            {response.status}
          </button>
        ))}
      </div>
      {responses.map((response, index) => {
        // The document's example first; else one built from a JSON body's schema, labelled as such.
        const example = response.contents.find((media) => media.example !== undefined);
        const generated = example ? undefined : response.contents.find((media) => media.generated !== undefined);
        const built = !lazy || index === selected;
        if (!built) return null;
        return (
          <div
            key={response.status}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            hidden={index !== selected}
            className={styles.statusPanel}
          >
            {built && <Markdown text={response.description} />}
            {!built ? null : example ? (
              <CollapsibleCode
                code={JSON.stringify(example.example, null, 2)}
                language={example.contentType.includes('json') ? 'json' : 'text'}
                title={example.contentType}
                preview={lazy}
              />
            ) : generated ? (
              <>
                <p className={styles.note}>The document gives no example; this one is built from the schema.</p>
                <CollapsibleCode
                  code={JSON.stringify(generated.generated, null, 2)}
                  language="json"
                  title={`${generated.contentType}, from the schema`}
                  preview={lazy}
                />
              </>
            ) : (
              <p className={styles.note}>
                {response.contents.length === 0
                  ? 'No response body is documented.'
                  : 'The document gives no example of this body.'}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
