import { useEffect, useRef, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { Badge } from '@site/src/core/changelog';
import type { SchemaNode, VariantsView } from '@site/src/core/openapi/view';
import ChangedBadge from './ChangedBadge';
import Constraints from './Constraints';
import FieldFlags from './FieldFlags';
import Markdown, { MarkdownTreesProvider } from '@site/src/components/Markdown';
import { AnchorLink } from './SectionHeading';
import { SchemaFilesProvider, useFetchedSchema, useSchemaFiles } from './SchemaFiles';
import { anchorId, hashIsBelow } from '../../core/openapi/anchors';
import styles from './styles.module.css';

/** The fields of the named schemas a page can open in place, keyed by schema name. */
export type SchemaMap = Record<string, SchemaNode>;

// Where the operation and webhook pages take it from, with the trees it serves.
export { SchemaFilesProvider };

interface Props {
  node: SchemaNode;
  /** Route of the API's reference folder, such as `/docs/data-api`, for links to schema pages. */
  linkBase: string;
  /** Named schemas that open in place; a named schema missing here is only linked. */
  schemas?: SchemaMap;
  /** Id of the tree (`response-200`); each field's id is this id and the names down to it. */
  idBase?: string;
  /** Route of the folder of schema files a field fetches a schema's fields from (`SchemaFilesProvider`). */
  files?: string;
  /** "Changed" badges of the root's recently changed fields, by name (on a schema's own page). */
  changed?: Record<string, Badge>;
}

/**
 * A field's type, kept out of search (`data-search-skip`) like the other words every field repeats ("or null", "Show
 * the 9 fields of"): a reader searches by a field's name and description, and a schema is found by its own page. At
 * Microsoft Graph's size these labels (`microsoft.graph.directoryObject`) put "microsoft" and "graph" 150,000 times
 * into the index, on every page, so that any query near them in the alphabet downloaded a 91 KB part of it.
 */
function TypeLabel({ node, linkBase }: { node: SchemaNode; linkBase: string }): ReactNode {
  if (!node.schemaName || !node.schemaSlug)
    return (
      <span className={styles.type} data-search-skip>
        {node.type}
      </span>
    );
  const [before, after] = node.type.split(node.schemaName);
  return (
    <span className={styles.type} data-search-skip>
      {before}
      <Link to={`${linkBase}/${node.schemaSlug}`}>{node.schemaName}</Link>
      {after}
    </span>
  );
}

/** The address's hash, read after hydration only (the server has none). */
function useHashBelow(id: string): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const check = () => {
      if (hashIsBelow(window.location.hash, id)) setBelow(true);
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [id]);
  return below;
}

function Field({
  node,
  linkBase,
  schemas,
  id,
  trail,
  badge,
  variant = false,
}: {
  node: SchemaNode;
  linkBase: string;
  schemas?: SchemaMap;
  id: string;
  /** Named schemas opened above this field: one of them is not offered again, so a cycle ends. */
  trail: readonly string[];
  badge?: Badge;
  /** One shape of a `oneOf`/`anyOf`: a named shape shows its linked name only (its name is the schema's). */
  variant?: boolean;
}): ReactNode {
  const files = useSchemaFiles();
  // A shape that extends the base above it carries only what it adds (the tree's `shapeNode`): shown behind a button,
  // as a named shape's fields are, so a base of many shapes stays a short list.
  const added = variant && node.schemaName !== undefined && node.children !== undefined ? node : undefined;
  const carried = node.schemaName && !node.children ? schemas?.[node.schemaName] : undefined;
  // The page carries the schema's tree (the single-page reference carries every one), or the field knows its size
  // and fetches the tree when it is shown.
  const size = added
    ? { fields: added.children?.length ?? 0, shapes: added.variants !== undefined }
    : carried
      ? { fields: carried.children?.length ?? 0, shapes: carried.variants !== undefined }
      : node.schemaName && !node.children && files && node.schemaSlug
        ? node.schemaSize
        : undefined;
  const namedFields = size !== undefined && size.fields + (size.shapes ? 1 : 0) > 0;
  const expandable = namedFields && (added !== undefined || !trail.includes(node.schemaName ?? ''));
  const [open, setOpen] = useState(false);
  const openedByHash = useHashBelow(id);
  const shown = open || (expandable && openedByHash);
  const { loading, retry } = useFetchedSchema(
    shown && expandable && !carried && !added ? `${files}/${node.schemaSlug}.json` : undefined,
  );
  const fetchedFile = loading.state === 'done' ? loading.file : undefined;
  const named = carried ?? fetchedFile?.node;
  const element = useRef<HTMLLIElement>(null);
  // A field that is the address's target when it appears (inside a field just opened) brings itself into view.
  useEffect(() => {
    if (window.location.hash === `#${id}`) element.current?.scrollIntoView();
  }, [id]);
  // A shape's additions once shown; else the field's own inline fields, or a named schema's once shown.
  const own = added ? undefined : node;
  const opened = shown ? (added ?? named) : undefined;
  const children = own?.children ?? opened?.children;
  const variants = own?.variants ?? opened?.variants;
  const nextTrail = named && node.schemaName ? [...trail, node.schemaName] : trail;
  const nameShown = !(variant && node.name === node.schemaName);
  const fieldCount = (size?.fields ?? 0) > 0 ? `${size?.fields} fields` : 'shapes';
  const what = added
    ? `${(size?.fields ?? 0) === 1 ? 'field' : fieldCount} ${node.schemaName} adds`
    : `${fieldCount} of ${node.schemaName}`;
  return (
    <li id={id} ref={element} className={styles.field} data-field={node.name}>
      <div className={styles.fieldHead}>
        {nameShown && <code className={styles.fieldName}>{node.name}</code>}{' '}
        <TypeLabel node={node} linkBase={linkBase} />
        {node.nullable && (
          <span className={styles.note} data-search-skip>
            {' '}
            or null
          </span>
        )}
        <FieldFlags required={node.required} deprecated={node.deprecated} />
        <ChangedBadge badge={badge} label={`field ${node.name ?? ''}`} />
        <AnchorLink id={id} label={`field ${node.name ?? ''}`} />
      </div>
      <Markdown text={node.description} />
      <Constraints values={node} />
      {expandable && (
        <button
          type="button"
          className={styles.expand}
          data-search-skip
          aria-expanded={Boolean(shown)}
          aria-controls={`${id}--fields`}
          onClick={() => setOpen(!shown)}
        >
          {shown ? 'Hide' : 'Show'} the {what}
        </button>
      )}
      {shown && loading.state === 'loading' && (
        <p className={styles.note} role="status">
          Loading the fields of {node.schemaName}…
        </p>
      )}
      {shown && loading.state === 'failed' && (
        <p className={styles.loadFailed} role="alert">
          The fields of {node.schemaName} could not be loaded ({loading.reason}).{' '}
          <button type="button" className={styles.expand} onClick={retry}>
            Try again
          </button>{' '}
          or <Link to={`${linkBase}/${node.schemaSlug}`}>open its page</Link>.
        </p>
      )}
      {/* A fetched schema brings the parsed descriptions of its fields. */}
      <MarkdownTreesProvider trees={fetchedFile?.markdown}>
        {children && children.length > 0 && (
          <FieldList
            nodes={children}
            linkBase={linkBase}
            schemas={schemas}
            idBase={id}
            trail={nextTrail}
            listId={`${id}--fields`}
          />
        )}
        {variants && (
          <Variants
            variants={variants}
            linkBase={linkBase}
            schemas={schemas}
            idBase={id}
            trail={nextTrail}
            listId={children && children.length > 0 ? undefined : `${id}--fields`}
          />
        )}
      </MarkdownTreesProvider>
    </li>
  );
}

/**
 * The shapes of a `oneOf` / `anyOf` value, each as a field of its own: a named shape links to its page and opens in
 * place, an inline one lists its fields.
 */
function Variants({
  variants,
  linkBase,
  schemas,
  idBase,
  trail,
  listId,
}: {
  variants: VariantsView;
  linkBase: string;
  schemas?: SchemaMap;
  idBase: string;
  trail: readonly string[];
  listId?: string;
}): ReactNode {
  return (
    <div className={styles.variants} id={listId}>
      <p className={styles.variantsLabel}>
        {variants.kind === 'oneOf' ? 'One of these shapes' : 'One or more of these shapes'}
        {variants.discriminator && (
          <>
            , told apart by <code>{variants.discriminator}</code>
          </>
        )}
        :
      </p>
      <ul className={styles.fields}>
        {variants.options.map((option, index) => (
          <Field
            // Two shapes may share a name (two references to one schema), never a position.
            key={index}
            node={option}
            linkBase={linkBase}
            schemas={schemas}
            id={anchorId(idBase, option.name)}
            trail={trail}
            variant
          />
        ))}
      </ul>
    </div>
  );
}

/** A list of fields, each with the id of its parent and its own name. */
function FieldList({
  nodes,
  linkBase,
  schemas,
  idBase,
  trail,
  listId,
  changed,
}: {
  nodes: SchemaNode[];
  linkBase: string;
  schemas?: SchemaMap;
  idBase: string;
  trail: readonly string[];
  listId?: string;
  changed?: Record<string, Badge>;
}): ReactNode {
  return (
    <ul className={styles.fields} id={listId}>
      {nodes.map((child) => (
        <Field
          key={child.name}
          node={child}
          linkBase={linkBase}
          schemas={schemas}
          id={anchorId(idBase, child.name)}
          trail={trail}
          badge={child.name === undefined ? undefined : changed?.[child.name]}
        />
      ))}
    </ul>
  );
}

/**
 * The fields of a schema as a nested list. Every field has an anchor; a field of a named schema opens that
 * schema's fields in place (and links to its page).
 */
export default function SchemaFields(props: Props): ReactNode {
  // A schema page names its files here; an operation page's OperationReference provides them for all its trees.
  return props.files ? (
    <SchemaFilesProvider files={props.files}>
      <Fields {...props} />
    </SchemaFilesProvider>
  ) : (
    <Fields {...props} />
  );
}

function Fields({ node, linkBase, schemas, idBase = 'field', changed }: Props): ReactNode {
  // A root that is a named schema, or an array of one, shows that schema's fields directly.
  const rootNamed = node.schemaName ? schemas?.[node.schemaName] : undefined;
  const rootFields = node.children ?? rootNamed?.children;
  const rootVariants = node.variants ?? (node.children ? undefined : rootNamed?.variants);
  const trail = node.schemaName ? [node.schemaName] : [];
  if (rootVariants && (!rootFields || rootFields.length === 0)) {
    return <Variants variants={rootVariants} linkBase={linkBase} schemas={schemas} idBase={idBase} trail={trail} />;
  }
  if (!rootFields || rootFields.length === 0) {
    return (
      <p>
        <TypeLabel node={node} linkBase={linkBase} />
        {node.schemaName ? '' : '. The document lists no fields for this shape.'}
      </p>
    );
  }
  return (
    <>
      {node.type !== 'object' && (
        <p>
          {/* Not searched, as the type is not; on a span, not on the paragraph: the minified page leaves out the
              `</p>`, and Pagefind would then leave out the list that follows too. */}
          <span data-search-skip>
            <TypeLabel node={node} linkBase={linkBase} />, with these fields:
          </span>
        </p>
      )}
      <FieldList
        nodes={rootFields}
        linkBase={linkBase}
        schemas={schemas}
        idBase={idBase}
        trail={trail}
        changed={changed}
      />
      {rootVariants && (
        <Variants variants={rootVariants} linkBase={linkBase} schemas={schemas} idBase={idBase} trail={trail} />
      )}
    </>
  );
}
