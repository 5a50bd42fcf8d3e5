import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { SchemaView } from '@site/src/core/openapi/view';
import PathText from './PathText';
import styles from './styles.module.css';

export default function UsedBy({ schema, linkBase }: { schema: SchemaView; linkBase: string }): ReactNode {
  if (schema.usedBy.length === 0) {
    return (
      <p>No call of this API returns or takes this shape directly; it is published as part of the API&apos;s model.</p>
    );
  }
  const more = schema.usedByCount - schema.usedBy.length;
  const webhooks = schema.usedByWebhookCount ?? 0;
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const users = [
    count(schema.usedByCount - webhooks, 'call', 'calls'),
    ...(webhooks > 0 ? [count(webhooks, 'webhook', 'webhooks')] : []),
  ].join(' and ');
  // Search skips the list: each call has its own page, and a schema should not rank for its users' names.
  const list = (
    <ul data-search-skip>
      {schema.usedBy.map((use) => (
        <li key={use.slug}>
          <Link to={`${linkBase}/${use.slug}`}>
            <span className={styles.methodInline}>{use.method.toUpperCase()}</span> <PathText path={use.path} />
          </Link>{' '}
          {use.summary}
        </li>
      ))}
    </ul>
  );
  if (more <= 0) return list;
  return (
    <>
      <p>
        {users} use this schema; the first {schema.usedBy.length.toLocaleString('en-US')} in the reference&apos;s order
        are listed. Each call&apos;s page links to the schemas it uses.
      </p>
      {list}
    </>
  );
}
