import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
// First: it prepares the global Prism that Redoc's bundle expects (see the two staticMarkup modules).
import { getStaticMarkup } from '@portal/redoc-static';
import { AppStore, Redoc } from 'redoc';
import { labelMediaTypeSelects, labelMediaTypeSelectsHtml } from './a11y';
import { staticMarkupIds } from './ids';
import { redocOptions, staticRedocOptions } from './theme';
import { loadRuntimeSpec, runtimeSpecReducer } from './runtimeSpec';
import { toRedocDocument } from './safeDocument';
import styles from './styles.module.css';

export interface RedocReferenceProps {
  /** The resolved build-time document (a JSON module made by the openapi-source plugin). */
  spec: object;
  title: string;
  description: string;
  /** Site-relative paths of the downloads. */
  downloads: { json: string; yaml: string };
  overview: string;
  /** Where the runtime document is loaded from; none for a reference without one. */
  runtimeSpecUrl?: string;
}

/** Every document reaches Redoc through `toRedocDocument`, the build-time and the runtime one alike. */
function createStore(spec: object, options = redocOptions): AppStore {
  // Redoc types its input as its own OpenAPISpec; the documents are validated OpenAPI 3.x by the spec pipeline.
  return new AppStore(toRedocDocument(spec) as ConstructorParameters<typeof AppStore>[0], undefined, options);
}

/**
 * A single-page API reference rendered by Redoc. The server renders the build-time document to HTML, so the page
 * reads before any script runs; hydration keeps that markup as it is, then the live Redoc takes over and, where the
 * page has a runtime document, shows it in place of the build-time one when it differs.
 */
export default function RedocReference({
  spec,
  title,
  description,
  downloads,
  overview,
  runtimeSpecUrl,
}: RedocReferenceProps): ReactNode {
  const [staticMarkup] = useState(() => {
    const markup = getStaticMarkup(() => <Redoc store={createStore(spec, staticRedocOptions)} />);
    return { ...markup, html: labelMediaTypeSelectsHtml(markup.html) };
  });
  const liveRoot = useRef<HTMLDivElement>(null);
  // False while hydrating, so the first client render matches the server's; true from then on.
  const live = useIsBrowser();
  const [runtime, dispatch] = useReducer(runtimeSpecReducer, { status: 'idle' });
  const runtimeUrl = useBaseUrl(runtimeSpecUrl ?? '');
  const json = useBaseUrl(downloads.json);
  const yaml = useBaseUrl(downloads.yaml);

  const load = useCallback(() => {
    if (!runtimeSpecUrl) return;
    dispatch({ type: 'start' });
    loadRuntimeSpec(runtimeUrl).then(
      (document) => dispatch({ type: 'success', spec: document, buildSpec: spec }),
      (error: unknown) =>
        dispatch({ type: 'failure', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [runtimeSpecUrl, runtimeUrl, spec]);

  useEffect(load, [load]);

  useEffect(() => {
    const root = liveRoot.current;
    if (!root) return undefined;
    labelMediaTypeSelects(root);
    const observer = new MutationObserver(() => labelMediaTypeSelects(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  });

  const shownSpec = runtime.status === 'loaded' && runtime.spec ? runtime.spec : spec;
  const store = useMemo(() => (live ? createStore(shownSpec) : undefined), [live, shownSpec]);

  return (
    <Layout title={title} description={description}>
      <main
        className={styles.reference}
        data-reference-source={runtime.status === 'loaded' && runtime.spec ? 'runtime' : 'build'}
      >
        <div className={styles.intro}>
          <p>
            {description} Read the <Link to={overview}>overview</Link> for authentication, paging and errors, or
            download the OpenAPI document as{' '}
            <a href={json} download>
              JSON
            </a>{' '}
            or{' '}
            <a href={yaml} download>
              YAML
            </a>
            .
          </p>
          {runtime.status === 'loading' && (
            <div className={styles.status} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              Loading the latest API document…
            </div>
          )}
          {runtime.status === 'failed' && (
            <div className="alert alert--danger" role="alert">
              <p>
                <strong>The latest API document could not be loaded:</strong> {runtime.message}. The reference below
                shows the document this site was built with.
              </p>
              <button type="button" className="button button--secondary button--sm" onClick={load}>
                Retry
              </button>
            </div>
          )}
        </div>
        {store ? (
          <div ref={liveRoot}>
            <Redoc store={store} />
          </div>
        ) : (
          <>
            <style id={staticMarkupIds.css} dangerouslySetInnerHTML={{ __html: staticMarkup.css }} />
            <div id={staticMarkupIds.html} dangerouslySetInnerHTML={{ __html: staticMarkup.html }} />
          </>
        )}
      </main>
    </Layout>
  );
}
