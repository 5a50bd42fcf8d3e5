import { useEffect, useRef, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { Badge } from '@site/src/lib/changelog';
import type { SchemaNode, VariantsView } from '@site/src/lib/openapi/view';
import ChangedBadge from './ChangedBadge';
import Constraints from './Constraints';
import FieldFlags from './FieldFlags';
import Markdown from '@site/src/components/Markdown';
import { AnchorLink } from './SectionHeading';
import { anchorId, hashIsBelow } from '../../lib/openapi/anchors';
import styles from './styles.module.css';

/** The fields of the named schemas a page can open in place, keyed by schema name. */
export type SchemaMap = Record<string, SchemaNode>;

interface Props {
  node: SchemaNode;
  /** Route of the API's reference folder, such as `/docs/data-api`, for links to schema pages. */
  linkBase: string;
  /** Named schemas that open in place; a named schema missing here is only linked. */
  schemas?: SchemaMap;
  /** Id of the tree (`response-200`); each field's id is this id and the names down to it. */
  idBase?: string;
  /** "Changed" badges of the root's recently changed fields, by name (on a schema's own page). */
  changed?: Record<string, Badge>;
}

function TypeLabel({ node, linkBase }: { node: SchemaNode; linkBase: string }): ReactNode {
  if (!node.schemaName || !node.schemaSlug) return <span className={styles.type}>{node.type}</span>;
  const [before, after] = node.type.split(node.schemaName);
  return (
    <span className={styles.type}>
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
  const named = node.schemaName && !node.children ? schemas?.[node.schemaName] : undefined;
  const namedFields = named && (named.children?.length ?? 0) + (named.variants ? 1 : 0) > 0;
  const expandable = namedFields && !trail.includes(node.schemaName ?? '');
  const [open, setOpen] = useState(false);
  const openedByHash = useHashBelow(id);
  const shown = open || (expandable && openedByHash);
  const element = useRef<HTMLLIElement>(null);
  // A field that is the address's target when it appears (inside a field just opened) brings itself into view.
  useEffect(() => {
    if (window.location.hash === `#${id}`) element.current?.scrollIntoView();
  }, [id]);
  const children = node.children ?? (shown ? named?.children : undefined);
  const variants = node.variants ?? (shown ? named?.variants : undefined);
  const nextTrail = named && node.schemaName ? [...trail, node.schemaName] : trail;
  const nameShown = !(variant && node.name === node.schemaName);
  const fieldCount = (named?.children?.length ?? 0) > 0 ? `${named?.children?.length} fields` : 'shapes';
  return (
    <li id={id} ref={element} className={styles.field} data-field={node.name}>
      <div className={styles.fieldHead}>
        {nameShown && <code className={styles.fieldName}>{node.name}</code>}{' '}
        <TypeLabel node={node} linkBase={linkBase} />
        {node.nullable && <span className={styles.note}> or null</span>}
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
          aria-expanded={Boolean(shown)}
          aria-controls={`${id}--fields`}
          onClick={() => setOpen(!shown)}
        >
          {shown ? 'Hide' : 'Show'} the {fieldCount} of {node.schemaName}
        </button>
      )}
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
export default function SchemaFields({ node, linkBase, schemas, idBase = 'field', changed }: Props): ReactNode {
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
          <TypeLabel node={node} linkBase={linkBase} />, with these fields:
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
