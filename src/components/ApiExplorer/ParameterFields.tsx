import type { ReactNode } from 'react';
import type { OperationView } from '@site/src/core/openapi/view';
import { optionText } from './prepare';
import styles from './styles.module.css';

/** A field for each of the call's path, query, header and cookie parameters, with the limits the document sets. */
export default function ParameterFields({
  id,
  parameters,
  inputs,
  setInput,
}: {
  id: string;
  parameters: OperationView['parameters'];
  inputs: Record<string, string>;
  setInput: (name: string, value: string) => void;
}): ReactNode {
  return parameters.map((parameter) => {
    const inputId = `${id}-${parameter.in}-${parameter.name}`;
    const value = inputs[parameter.name] ?? '';
    const set = (next: string) => setInput(parameter.name, next);
    const hint = [
      parameter.type,
      parameter.minimum !== undefined ? `min ${parameter.minimum}` : '',
      parameter.maximum !== undefined ? `max ${parameter.maximum}` : '',
      parameter.default !== undefined ? `default ${JSON.stringify(parameter.default)}` : '',
      parameter.baseType === 'array' ? 'comma-separated' : '',
    ]
      .filter(Boolean)
      .join(', ');
    return (
      <div className={styles.row} key={inputId}>
        <label htmlFor={inputId}>
          <code>{parameter.name}</code>
          {parameter.required && <span className={styles.required}> required</span>}
          <span className={styles.hint}> {hint}</span>
        </label>
        {parameter.enum ? (
          <select id={inputId} name={parameter.name} value={value} onChange={(event) => set(event.target.value)}>
            <option value="">{parameter.required ? 'Choose…' : '(not sent)'}</option>
            {parameter.enum.map((option) => (
              <option key={optionText(option)} value={optionText(option)}>
                {optionText(option)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={inputId}
            name={parameter.name}
            type="text"
            inputMode={parameter.baseType === 'integer' || parameter.baseType === 'number' ? 'numeric' : undefined}
            value={value}
            onChange={(event) => set(event.target.value)}
          />
        )}
      </div>
    );
  });
}
