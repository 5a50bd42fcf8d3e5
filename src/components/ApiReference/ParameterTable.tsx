import type { ReactNode } from 'react';
import type { ParameterView } from '@site/src/lib/openapi/view';
import Constraints from './Constraints';
import Markdown from '@site/src/components/Markdown';
import styles from './styles.module.css';

const locations: ParameterView['in'][] = ['path', 'query', 'header', 'cookie'];

/** Every parameter of an operation, grouped by where it goes, with its type, required flag, limits and default. */
export default function ParameterTable({ parameters }: { parameters: ParameterView[] }): ReactNode {
  if (parameters.length === 0) return <p>This call takes no parameters.</p>;
  return (
    <>
      {locations
        .filter((location) => parameters.some((parameter) => parameter.in === location))
        .map((location) => (
          <table key={location} className={styles.table}>
            <caption>{location} parameters</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type and limits</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {parameters
                .filter((parameter) => parameter.in === location)
                .map((parameter) => (
                  <tr key={parameter.name} data-parameter={parameter.name}>
                    <th scope="row">
                      <code>{parameter.name}</code>
                      {parameter.required && <span className={styles.required}>required</span>}
                      {parameter.deprecated && <span className={styles.deprecated}>deprecated</span>}
                    </th>
                    <td>
                      <span className={styles.type}>{parameter.type}</span>
                      <Constraints values={parameter} />
                      {parameter.baseType === 'array' && !parameter.explode && (
                        <p className={styles.note}>Comma-separated.</p>
                      )}
                    </td>
                    <td>
                      <Markdown text={parameter.description} />
                      {parameter.example !== undefined && (
                        <p className={styles.note}>
                          Example: <code>{JSON.stringify(parameter.example)}</code>
                        </p>
                      )}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))}
    </>
  );
}
