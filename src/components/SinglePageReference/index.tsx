import { Suspense, use, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
// The build-time documents on the server (a JSON module of the single-page-reference plugin); none in the browser.
import serverDocuments from '@portal/reference-documents';
import { OperationReference, WebhookReference } from '@site/src/components/ApiOperation';
import WebhookDetails from '@site/src/components/WebhookEvents/WebhookDetails';
import Markdown, { MarkdownTreesProvider } from '@site/src/components/Markdown';
import type { DescriptionLinkOptions } from '@site/src/core/openapi/descriptionLinks';
import { withParsedDescriptions } from './markdown';
import type { JsonObject } from '@site/src/core/openapi/document';
import {
  fullyRenderedCalls,
  referenceModel,
  referenceModelInSlices,
  webhookId,
  webhooksGroupId,
  type ReferenceModel,
  type ReferenceOptions,
} from '@site/src/core/openapi/singlePage';
import Sidebar from './Sidebar';
import TagIndex, { type IndexWebhook } from './TagIndex';
import { tagSlice, type ReferenceTagPage } from '@site/src/core/openapi/referencePages';
import { withSlugs, type GivenSlugs } from '@site/src/core/openapi/view';
import HydrateWhenNear, { useCallsMayHydrate } from './HydrateWhenNear';
import OnDemandCall from './OnDemandCall';
import { ReferenceStore, type LoadStatus } from './store';
import { referenceStyle } from './theme';
import PageMenu from '@site/src/components/PageMenu';
import PostmanLink, { usePostmanCollection } from '@site/src/components/ApiOperation/PostmanLink';
import { yieldToMain } from '@site/src/core/yieldToMain';
import styles from './styles.module.css';

/** A type, not an interface: Docusaurus route props must be assignable to a plain record. */
export type SinglePageReferenceProps = {
  title: string;
  description: string;
  /** Route of the API's overview page. */
  overview: string;
  /** Site-relative paths of the published build-time document. */
  downloads: { json: string; yaml: string };
  /** Where the runtime document is loaded from (spec §1); none for a reference without one. */
  runtimeSpecUrl?: string;
  /** `documentFingerprint` of the build-time document. */
  fingerprint: string;
  /** Route of the API's generated pages (`/docs/data-api`), for links to schema pages. */
  linkBase: string;
  /** Where the links in the document's descriptions lead (a runtime document's are parsed in the browser). */
  descriptionLinks: DescriptionLinkOptions;
  /** How many calls the server renders in full (`fullCallsFrom`); past them, a call's title and a link. */
  fullCalls: number;
  model: ReferenceOptions;
  /** A reference split by tag (`splitReference`): this route lists the tags' pages, and renders no call. */
  split?: { route: string; pages: ReferenceTagPage[]; webhooks: IndexWebhook[] };
  /**
   * One tag's page of a split reference: its calls, from the document of that tag alone (`tagSlice`, at
   * `documentUrl`), which `fingerprint` is then of; the runtime document is not loaded here.
   */
  tag?: {
    tag: string | null;
    /** The page's last path segment. */
    slug: string;
    name: string;
    calls: number;
    documentUrl: string;
    index: string;
    /** The whole document's page names of the tag's calls and schemas (`slugsOf`), which its links must use. */
    slugs: GivenSlugs;
  };
};

function Reference({
  model,
  pending,
  linkBase,
  fullCalls,
}: {
  /** The reference to render: the server's, or a runtime document's that differs from the build. */
  model: ReferenceModel | undefined;
  /** The build-time reference, once the browser has it, to hydrate the server's markup from. */
  pending: Promise<ReferenceModel>;
  linkBase: string;
  /** How many calls are rendered in full at once; the others open when they come near the screen. */
  fullCalls: number;
}): ReactNode {
  // In the browser this suspends until the document has arrived; React keeps the server's markup meanwhile, then
  // hydrates it: one copy of the page, built once.
  const shown = model ?? use(pending);
  useCallsMayHydrate();
  const full = useMemo(() => fullyRenderedCalls(shown.groups, fullCalls), [shown, fullCalls]);
  return (
    <>
      <Sidebar groups={shown.groups} webhooks={shown.webhooks} />
      <MarkdownTreesProvider trees={shown.markdown}>
        <div className={styles.body}>
          <header className={styles.header}>
            <h1>
              {shown.title} <span className={styles.version}>{shown.version}</span>
            </h1>
            <Markdown text={shown.description} headings={2} />
          </header>
          {shown.groups.map((group) => (
            <section key={group.id} className={styles.group} aria-labelledby={group.id}>
              <h2 id={group.id} className={styles.groupTitle}>
                {group.name}
              </h2>
              <Markdown text={group.description} />
              {group.calls.map((view) => {
                const title = (
                  <h3 id={`${view.slug}-title`} className={styles.callTitle}>
                    <a href={`#${view.slug}`}>{view.summary}</a>
                  </h3>
                );
                const call = (): ReactNode => (
                  <OperationReference
                    operation={view}
                    samples={shown.samples}
                    schemas={shown.schemas}
                    linkBase={linkBase}
                    level={4}
                    idPrefix={view.slug}
                    lazySamples
                  >
                    <p className={styles.tryIt}>
                      <Link to={`${linkBase}/${view.slug}`}>Try it on the call&apos;s own page</Link>
                    </p>
                  </OperationReference>
                );
                return full.has(view.slug) ? (
                  <HydrateWhenNear key={view.slug} id={view.slug}>
                    <section id={view.slug} className={styles.call} aria-labelledby={`${view.slug}-title`}>
                      {title}
                      {call()}
                    </section>
                  </HydrateWhenNear>
                ) : (
                  <OnDemandCall key={view.slug} view={view} linkBase={linkBase} title={title}>
                    {call}
                  </OnDemandCall>
                );
              })}
            </section>
          ))}
          {shown.webhooks.length > 0 && (
            <section className={styles.group} aria-labelledby={webhooksGroupId}>
              <h2 id={webhooksGroupId} className={styles.groupTitle}>
                Webhooks
              </h2>
              <p>The requests the API sends to the endpoint you register, and the answers it expects.</p>
              {shown.webhooks.map((webhook) => {
                const id = webhookId(webhook);
                return (
                  <section
                    key={id}
                    id={id}
                    className={styles.call}
                    aria-labelledby={`${id}-title`}
                    data-webhook-section
                  >
                    <h3 id={`${id}-title`} className={styles.callTitle}>
                      <a href={`#${id}`}>{webhook.name}</a>
                    </h3>
                    <WebhookReference
                      webhook={webhook}
                      schemas={shown.schemas}
                      linkBase={linkBase}
                      idPrefix={id}
                      details={<WebhookDetails webhook={webhook} linkBase={linkBase} idPrefix={id} />}
                    />
                  </section>
                );
              })}
            </section>
          )}
        </div>
      </MarkdownTreesProvider>
    </>
  );
}

function Status({ status, onRetry }: { status: LoadStatus; onRetry: () => void }): ReactNode {
  if (status.status === 'loading') {
    return (
      <div className={styles.status} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        Loading the latest API document…
      </div>
    );
  }
  if (status.status === 'failed') {
    return (
      <div className="alert alert--danger" role="alert">
        <p>
          <strong>The latest API document could not be loaded:</strong> {status.message}. The reference below shows the
          document this site was built with.
        </p>
        <button type="button" className="button button--secondary button--sm" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}

const idle = (): LoadStatus => ({ status: 'idle' });
const noModel = (): undefined => undefined;

/**
 * A single-page API reference: every call of the document, grouped by tag, in the same components as the call's
 * own page. Server-rendered from the build-time document, so it reads before any script runs.
 */
export default function SinglePageReference(props: SinglePageReferenceProps): ReactNode {
  const { title, description, overview, downloads, fingerprint, linkBase, fullCalls, model, split, tag } = props;
  // A tag's page shows the build's document of its tag; the runtime document is the whole API's.
  const runtimeSpecUrl = tag ? undefined : props.runtimeSpecUrl;
  const json = useBaseUrl(downloads.json);
  const yaml = useBaseUrl(downloads.yaml);
  const postman = usePostmanCollection(model.api);
  const runtimeUrl = useBaseUrl(runtimeSpecUrl ?? downloads.json);
  const tagUrl = useBaseUrl(tag?.documentUrl ?? downloads.json);
  const server = serverDocuments[model.api];
  const serverModel = useMemo(() => {
    if (!server || split) return undefined;
    const document = server.document as JsonObject;
    if (!tag) return referenceModel(document, { ...model, markdown: server.markdown });
    return referenceModel(tagSlice(document, tag.tag ?? undefined), { ...model, markdown: server.tags?.[tag.slug] });
  }, [server, model, split, tag]);
  const [store] = useState(
    () =>
      new ReferenceStore({
        documentUrl: tag ? tagUrl : runtimeUrl,
        buildUrl: tag ? tagUrl : json,
        fingerprint,
        toModel: async (document) => {
          if (tag) withSlugs(document, tag.slugs);
          return withParsedDescriptions(
            await referenceModelInSlices(document, model, yieldToMain),
            document,
            props.descriptionLinks,
          );
        },
        yieldToMain,
      }),
  );
  const status = useSyncExternalStore(store.subscribe, store.getStatus, idle);
  const runtimeModel = useSyncExternalStore(store.subscribe, store.getRuntimeModel, noModel);
  // The same element until the document shown changes: a boundary still waiting to hydrate must not be asked to
  // render again (React would drop the server's markup). A runtime document that differs gets a boundary of its own.
  const reference = useMemo(
    () => (
      <Suspense
        key={runtimeModel ? 'runtime' : 'build'}
        fallback={
          <p className={styles.fallback} role="status">
            Loading the reference…
          </p>
        }
      >
        <Reference
          model={runtimeModel ?? serverModel}
          pending={store.buildModel}
          linkBase={linkBase}
          fullCalls={fullCalls}
        />
      </Suspense>
    ),
    [runtimeModel, serverModel, store, linkBase, fullCalls],
  );
  useEffect(() => {
    if (!split) void store.load();
  }, [store, split]);
  // What the page shows, read from what it renders: a retry in progress still shows the last runtime document.
  const source = runtimeModel ? 'runtime' : 'build';

  return (
    <Layout title={title} description={description}>
      <main
        className={split ? `${styles.page} ${styles.indexPage}` : styles.page}
        style={referenceStyle}
        data-reference-source={split ? undefined : source}
      >
        <div className={styles.intro}>
          {/* Outside the reference's Suspense boundary, which hydrates only once the document has arrived (seconds
              for a large API): inside it, a click on the menu before then did nothing. */}
          <PageMenu />
          {tag && (
            <p>
              The {tag.calls === 1 ? 'call' : `${tag.calls.toLocaleString('en')} calls`} tagged{' '}
              <strong>{tag.name}</strong>: this reference has a page for each tag, listed on{' '}
              <Link to={tag.index}>its first page</Link>.
            </p>
          )}
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
            {postman && (
              <>
                , or a <PostmanLink api={model.api}>Postman collection</PostmanLink>
              </>
            )}
            .
          </p>
          {/* A tag's page says only when its document failed: it shows the build's, loading is no news. */}
          {(runtimeSpecUrl !== undefined || (tag !== undefined && status.status === 'failed')) && (
            <Status status={status} onRetry={() => void store.load()} />
          )}
        </div>
        {split ? (
          <TagIndex
            title={title}
            route={split.route}
            pages={split.pages}
            webhooks={split.webhooks}
            linkBase={linkBase}
          />
        ) : (
          reference
        )}
      </main>
    </Layout>
  );
}
