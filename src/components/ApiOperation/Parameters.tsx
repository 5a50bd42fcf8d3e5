import type { ReactNode } from 'react';
import type { Badge } from '@site/src/core/changelog';
import type { ParameterView } from '@site/src/core/openapi/view';
import ChangedBadge from './ChangedBadge';
import Constraints from './Constraints';
import FieldFlags from './FieldFlags';
import Markdown from '@site/src/components/Markdown';
import { AnchorLink } from './SectionHeading';
import { anchorId } from '../../core/openapi/anchors';
import styles from './styles.module.css';

const locations: ParameterView['in'][] = ['path', 'query', 'querystring', 'header', 'cookie'];
/** A group's heading: 3.2's `querystring` is the whole query string, not a parameter in it. */
const groupLabels: Partial<Record<ParameterView['in'], string>> = { querystring: 'the whole query string' };

/**
 * Every parameter of an operation, grouped by where it goes, with its type, required flag, limits and default. A
 * list rather than a table, so a phone shows it without scrolling sideways; each parameter has an anchor
 * (`#parameter-limit`).
 */
export default function Parameters({
  parameters,
  idPrefix,
  changed,
}: {
  parameters: ParameterView[];
  /** Prefix of the ids on a page with several calls (the call's slug). */
  idPrefix?: string;
  /** "Changed" badges of recently changed parameters, by name. */
  changed?: Record<string, Badge>;
}): ReactNode {
  if (parameters.length === 0) return <p>This call takes no parameters.</p>;
  return (
    <>
      {locations
        .filter((location) => parameters.some((parameter) => parameter.in === location))
        .map((location) => (
          <div key={location} className={styles.parameterGroup}>
            <p className={styles.groupLabel}>{groupLabels[location] ?? `${location} parameters`}</p>
            <ul className={styles.fields}>
              {parameters
                .filter((parameter) => parameter.in === location)
                .map((parameter) => {
                  const id = anchorId(idPrefix, 'parameter', parameter.name);
                  return (
                    <li key={parameter.name} id={id} className={styles.field} data-parameter={parameter.name}>
                      <div className={styles.fieldHead}>
                        <code className={styles.fieldName}>{parameter.name}</code>{' '}
                        {/* Not searched, as a field's type is not (SchemaFields.tsx, TypeLabel). */}
                        <span className={styles.type} data-search-skip>
                          {parameter.type}
                        </span>
                        <FieldFlags required={parameter.required} deprecated={parameter.deprecated} />
                        <ChangedBadge badge={changed?.[parameter.name]} label={`parameter ${parameter.name}`} />
                        <AnchorLink id={id} label={`parameter ${parameter.name}`} />
                      </div>
                      <Markdown text={parameter.description} />
                      <Constraints values={parameter} />
                      {parameter.baseType === 'array' && !parameter.explode && (
                        <p className={styles.note}>Comma-separated.</p>
                      )}
                      {parameter.example !== undefined && (
                        <p className={styles.note}>
                          Example: <code>{JSON.stringify(parameter.example)}</code>
                        </p>
                      )}
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
    </>
  );
}
