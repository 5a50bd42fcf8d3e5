import type { ReactNode } from 'react';
import type { ListedServer } from '@site/src/core/openapi/servers';
import { variableField } from './prepare';
import type { Explorer } from './useExplorer';
import styles from './styles.module.css';

/** The server the call goes to, then a field for each of its variables (`{region}`), a list where the document lists the values. */
export default function ServerFields({
  id,
  servers,
  explorer: { serverUrl, chooseServer, chosen, variables, setVariable },
}: {
  id: string;
  servers: ListedServer[];
  explorer: Explorer;
}): ReactNode {
  return (
    <>
      <div className={styles.row}>
        <label htmlFor={`${id}-server`}>Server</label>
        <select id={`${id}-server`} value={serverUrl} onChange={(event) => chooseServer(event.target.value)}>
          {servers.map((server) => (
            <option key={server.url} value={server.url}>
              {server.label}: {server.template ?? server.url}
              {server.trusted ? '' : ' (documented; not sent to)'}
            </option>
          ))}
        </select>
      </div>
      {chosen?.variables?.map((variable) => {
        const inputId = `${id}-${variableField(variable.name)}`;
        const value = Object.hasOwn(variables, variable.name) ? variables[variable.name] : variable.default;
        const set = (next: string) => setVariable(variable.name, next);
        return (
          <div className={styles.row} key={inputId}>
            <label htmlFor={inputId}>
              <code>{`{${variable.name}}`}</code>
              <span className={styles.hint}>
                {' '}
                server variable, default {variable.default}
                {variable.description ? `: ${variable.description}` : ''}
              </span>
            </label>
            {variable.enum ? (
              <select id={inputId} value={value} onChange={(event) => set(event.target.value)}>
                {variable.enum.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={inputId}
                type="text"
                spellCheck={false}
                value={value}
                onChange={(event) => set(event.target.value)}
              />
            )}
          </div>
        );
      })}
    </>
  );
}
