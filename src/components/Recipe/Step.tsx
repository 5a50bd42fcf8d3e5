import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import Markdown from '@site/src/components/Markdown';
import {
  decides,
  type RecipeActionView,
  type RecipeStepView,
  type RecipeWorkflowView,
} from '@site/src/core/recipes/page';
import styles from './styles.module.css';
import { OutputsTable, ScrollTable } from './ScrollTable';

function Conditions({ list }: { list: string[] }): ReactNode {
  return list.map((condition, index) => (
    <span key={condition}>
      {index > 0 ? ' and ' : ''}
      <code>{condition}</code>
    </span>
  ));
}

function Action({ action }: { action: RecipeActionView }): ReactNode {
  const when =
    action.criteria.length > 0 ? (
      <>
        when <Conditions list={action.criteria} />:{' '}
      </>
    ) : (
      <>always: </>
    );
  const what =
    action.type === 'end' ? (
      <>the workflow ends</>
    ) : action.type === 'retry' ? (
      <>
        the step is sent again
        {action.retryAfter !== undefined ? ` after ${action.retryAfter} s` : ''}
        {action.retryLimit !== undefined ? `, at most ${action.retryLimit} times` : ''}
      </>
    ) : action.target ? (
      <>
        goes to <Link href={`#${action.target.anchor}`}>{action.target.label}</Link>
      </>
    ) : (
      <>goes on</>
    );
  return (
    <li>
      {when}
      {what} (<code>{action.name}</code>)
    </li>
  );
}

export function Step({
  step,
  index,
  workflow,
}: {
  step: RecipeStepView;
  index: number;
  workflow: RecipeWorkflowView;
}): ReactNode {
  return (
    <section className={styles.step} aria-labelledby={step.anchor} data-recipe-step={step.id}>
      <Heading as="h3" id={step.anchor}>
        {index + 1}. {step.id}
      </Heading>
      {step.description ? <Markdown text={step.description} /> : null}
      <dl className={styles.facts}>
        <dt>Calls</dt>
        <dd>
          {step.call ? (
            <>
              <Link to={step.call.href}>
                <span className={styles.method}>{step.call.method}</span> <code>{step.call.path}</code>
              </Link>{' '}
              of the {step.call.api}
              {step.call.summary ? `: ${step.call.summary}` : ''} (<code>{step.call.operationId}</code>)
            </>
          ) : step.workflow ? (
            <>
              the workflow <Link href={`#${step.workflow.anchor}`}>{step.workflow.id}</Link>, with the inputs below
            </>
          ) : null}
        </dd>
        <dt>Sends</dt>
        <dd>
          {step.parameters.length === 0 && !step.body ? 'nothing but the credential' : null}
          {step.parameters.length > 0 ? (
            <ScrollTable label={`What step ${step.id} sends`}>
              <thead>
                <tr>
                  <th scope="col">{step.call ? 'Parameter' : 'Input'}</th>
                  {step.call ? <th scope="col">In</th> : null}
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {step.parameters.map((parameter) => (
                  <tr key={`${parameter.in ?? ''}:${parameter.name}`}>
                    <td>
                      <code>{parameter.name}</code>
                    </td>
                    {step.call ? <td>{parameter.in}</td> : null}
                    <td>
                      <code>{parameter.value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          ) : null}
          {step.body ? (
            <>
              <p>The body{step.body.contentType ? <> ({step.body.contentType})</> : null}:</p>
              <CodeBlock language="json">{step.body.payload}</CodeBlock>
            </>
          ) : null}
        </dd>
        {step.outputs.length > 0 ? (
          <>
            <dt>Keeps for the next steps</dt>
            <dd>
              <OutputsTable
                label={`What step ${step.id} keeps`}
                valueHeading="From"
                rows={step.outputs.map((output) => ({
                  key: output.name,
                  name: `$steps.${step.id}.outputs.${output.name}`,
                  value: output.value,
                }))}
              />
            </dd>
          </>
        ) : null}
        <dt>Succeeds when</dt>
        <dd>{step.success.length > 0 ? <Conditions list={step.success} /> : 'the call answers with a 2xx status'}</dd>
        <dt>Then</dt>
        <dd>
          <ul>
            {step.onSuccess.map((action) => (
              <Action key={action.name} action={action} />
            ))}
            {decides(step.onSuccess) ? null : (
              <li>
                {step.onSuccess.length > 0 ? 'otherwise: ' : 'on success: '}
                {step.then ? (
                  <>
                    goes to <Link href={`#${step.then.anchor}`}>step {step.then.id}</Link>
                  </>
                ) : (
                  <>the workflow ends{workflow.outputs.length > 0 ? ' with its outputs' : ''}</>
                )}
              </li>
            )}
            {step.onFailure.map((action) => (
              <Action key={action.name} action={{ ...action, name: `on failure: ${action.name}` }} />
            ))}
            {decides(step.onFailure) ? null : (
              <li>on failure{step.onFailure.length > 0 ? ', otherwise' : ''}: the run stops with the answer</li>
            )}
          </ul>
        </dd>
      </dl>
    </section>
  );
}
