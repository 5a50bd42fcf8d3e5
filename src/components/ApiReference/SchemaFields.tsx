import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { SchemaNode } from '@site/src/lib/openapi/view';
import Constraints from './Constraints';
import Markdown from '@site/src/components/Markdown';
import styles from './styles.module.css';

interface Props {
  node: SchemaNode;
  /** Route of the API's reference folder, such as `/docs/data-api`, for links to schema pages. */
  linkBase: string;
}

function TypeLabel({ node, linkBase }: Props): ReactNode {
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

function Field({ node, linkBase }: Props): ReactNode {
  return (
    <li className={styles.field} data-field={node.name}>
      <div className={styles.fieldHead}>
        <code className={styles.fieldName}>{node.name}</code> <TypeLabel node={node} linkBase={linkBase} />
        {node.nullable && <span className={styles.note}> or null</span>}
        {node.required && <span className={styles.required}>required</span>}
        {node.deprecated && <span className={styles.deprecated}>deprecated</span>}
      </div>
      <Markdown text={node.description} />
      <Constraints values={node} />
      {node.children && node.children.length > 0 && (
        <ul className={styles.fields}>
          {node.children.map((child) => (
            <Field key={child.name} node={child} linkBase={linkBase} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The fields of a schema as a nested list; named schemas link to their own pages. */
export default function SchemaFields({ node, linkBase }: Props): ReactNode {
  if (!node.children || node.children.length === 0) {
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
      <ul className={styles.fields}>
        {node.children.map((child) => (
          <Field key={child.name} node={child} linkBase={linkBase} />
        ))}
      </ul>
    </>
  );
}
