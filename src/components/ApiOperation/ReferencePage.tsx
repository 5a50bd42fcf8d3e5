import { Component, createContext, Fragment, Suspense, use, useContext, type ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { forgetPageData, readPageData } from '@portal/reference-page-data';
import type { SchemaPageData } from '@site/src/core/openapi/pageData';
import ApiExplorer from '@site/src/components/ApiExplorer';
import Markdown, { MarkdownTreesProvider } from '@site/src/components/Markdown';
import OperationReference from './OperationReference';
import SchemaFields from './SchemaFields';
import JsonExample from './JsonExample';
import UsedBy from './UsedBy';
import ChangedBadge from './ChangedBadge';

/**
 * A generated operation or schema page (src/build/pages/mdxPages.ts): its MDX names its data file, and this shows the
 * data (src/core/openapi/pageData.ts says why the data is not in the page's bundle). The data's text goes into the
 * page as a JSON script element, which hydration reads back: the page the server sent needs no request.
 */
const SchemaPageContext = createContext<SchemaPageData | undefined>(undefined);

function useSchemaPage(): SchemaPageData {
  const page = useContext(SchemaPageContext);
  if (!page) throw new Error('a schema page part outside its <ReferencePage>');
  return page;
}

function Loaded({ route, url, children }: { route: string; url: string; children?: ReactNode }): ReactNode {
  const read = readPageData(route, url);
  const { text, data } = read instanceof Promise ? use(read) : read;
  const body =
    data.kind === 'operation' ? (
      <OperationReference
        operation={data.operation}
        samples={data.samples}
        schemas={data.schemas}
        schemaFiles={data.schemaFiles}
        linkBase={data.linkBase}
        changed={data.changed}
      >
        <ApiExplorer operation={data.operation} servers={data.servers} signInOrigins={data.signInOrigins} />
      </OperationReference>
    ) : (
      <SchemaPageContext.Provider value={data}>{children}</SchemaPageContext.Provider>
    );
  return (
    <>
      {/* Data, not a script: browsers never run this type, and its text has every `<` escaped (pageDataText). */}
      <script type="application/json" data-reference-page={route} dangerouslySetInnerHTML={{ __html: text }} />
      <MarkdownTreesProvider trees={data.markdown}>{body}</MarkdownTreesProvider>
    </>
  );
}

interface BoundaryProps {
  route: string;
  children: ReactNode;
}

/** A page whose data cannot be loaded says so, with the reason and Retry, instead of an empty page. */
class LoadBoundary extends Component<BoundaryProps, { error?: string; attempt: number }> {
  state: { error?: string; attempt: number } = { attempt: 0 };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  render(): ReactNode {
    // A new key after Retry mounts the page again, which reads its data again.
    if (this.state.error === undefined) return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
    return (
      <div className="alert alert--danger" role="alert">
        <p>
          <strong>This page&apos;s reference could not be loaded:</strong> {this.state.error}.
        </p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            forgetPageData(this.props.route);
            this.setState(({ attempt }) => ({ error: undefined, attempt: attempt + 1 }));
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}

export default function ReferencePage({ data: route, children }: { data: string; children?: ReactNode }): ReactNode {
  const url = useBaseUrl(route);
  return (
    <LoadBoundary route={route}>
      <Suspense
        fallback={
          <p role="status" aria-live="polite">
            Loading the reference…
          </p>
        }
      >
        <Loaded route={route} url={url}>
          {children}
        </Loaded>
      </Suspense>
    </LoadBoundary>
  );
}

/** Above a schema page's fields: its "Changed" badge and its description. */
export function SchemaPageIntro(): ReactNode {
  const { schema, schemaChanged } = useSchemaPage();
  return (
    <>
      {schemaChanged ? <ChangedBadge badge={schemaChanged} label={schema.name} /> : null}
      <Markdown text={schema.description} headings={2} />
    </>
  );
}

export function SchemaPageFields(): ReactNode {
  const { schema, linkBase, schemas, schemaFiles, changed } = useSchemaPage();
  return (
    <SchemaFields node={schema.root} linkBase={linkBase} schemas={schemas} files={schemaFiles} changed={changed} />
  );
}

export function SchemaPageExample(): ReactNode {
  const { schema } = useSchemaPage();
  return schema.example === undefined ? null : <JsonExample value={schema.example} />;
}

export function SchemaPageUsedBy(): ReactNode {
  const { schema, linkBase } = useSchemaPage();
  return <UsedBy schema={schema} linkBase={linkBase} />;
}
