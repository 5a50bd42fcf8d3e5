import type { ReactNode } from 'react';
import styles from './styles.module.css';

/**
 * The "required" and "deprecated" marks of a parameter or field. Each follows a space: the field's head is a flex
 * row, so the space takes no room on screen, but text readers (search indexing, copy and paste) see two words where
 * they would otherwise see `stringrequired`.
 */
export default function FieldFlags({ required, deprecated }: { required?: boolean; deprecated?: boolean }): ReactNode {
  return (
    <>
      {required && (
        <>
          {' '}
          <span className={styles.required}>required</span>
        </>
      )}
      {deprecated && (
        <>
          {' '}
          <span className={styles.deprecated}>deprecated</span>
        </>
      )}
    </>
  );
}
