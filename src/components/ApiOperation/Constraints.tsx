import type { ReactNode } from 'react';
import type { Json } from '@site/src/core/openapi/document';
import type { Constraints as ConstraintValues } from '@site/src/core/openapi/view';
import styles from './styles.module.css';

function show(value: Json | undefined): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Each limit of a value as a labelled item: the reader sees `maximum: 100`, exactly as the document states it. */
export function constraintItems(constraints: ConstraintValues): [string, string][] {
  const items: [string, string | undefined][] = [
    ['minimum', constraints.minimum?.toString()],
    ['maximum', constraints.maximum?.toString()],
    ['exclusive minimum', constraints.exclusiveMinimum?.toString()],
    ['exclusive maximum', constraints.exclusiveMaximum?.toString()],
    ['min length', constraints.minLength?.toString()],
    ['max length', constraints.maxLength?.toString()],
    ['min items', constraints.minItems?.toString()],
    ['max items', constraints.maxItems?.toString()],
    ['pattern', constraints.pattern],
    ['unique items', constraints.uniqueItems ? 'yes' : undefined],
    ['format', constraints.format],
    ['default', 'default' in constraints ? show(constraints.default) : undefined],
    ['one of', constraints.enum?.map(show).join(', ')],
    ['items one of', constraints.itemsEnum?.map(show).join(', ')],
  ];
  return items.filter((item): item is [string, string] => item[1] !== undefined);
}

export default function Constraints({ values }: { values: ConstraintValues }): ReactNode {
  const items = constraintItems(values);
  if (items.length === 0) return null;
  return (
    <dl className={styles.constraints}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.constraint} data-constraint={label}>
          <dt>{label}</dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}
