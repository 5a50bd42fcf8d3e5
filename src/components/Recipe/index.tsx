/// <reference types="@docusaurus/theme-mermaid" />
import type { ComponentType, ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import Mermaid from '@theme/Mermaid';
import Markdown, { MarkdownTreesProvider } from '@site/src/components/Markdown';
import LazyRecipeRunner from '@site/src/components/RecipeRunner/Lazy';
import type { MarkdownTrees } from '@site/src/core/markdown/tree';
import type { RecipeIndexEntry, RecipePage, RecipeWorkflowView } from '@site/src/core/recipes/page';
import styles from './styles.module.css';
import RecipeCode from './RecipeCode';
import { OutputsTable, ScrollTable } from './ScrollTable';
import { Step } from './Step';

/**
 * What a runner component gets: the whole recipe (its Arazzo document is `recipe.document`) and the workflow the
 * page shows first, the one a reader runs.
 */
export interface RecipeRunnerProps {
  recipe: RecipePage;
  workflow: RecipeWorkflowView;
}

function Inputs({ workflow }: { workflow: RecipeWorkflowView }): ReactNode {
  if (workflow.inputs.length === 0) return <p>The workflow takes no inputs.</p>;
  return (
    <ScrollTable label={`Inputs of workflow ${workflow.id}`}>
      <thead>
        <tr>
          <th scope="col">Input</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
          <th scope="col">Example</th>
        </tr>
      </thead>
      <tbody>
        {workflow.inputs.map((input) => (
          <tr key={input.name}>
            <td>
              <code>{input.name}</code>
              {input.required ? ' (required)' : ''}
            </td>
            <td>
              {input.type}
              {input.default !== undefined ? (
                <>
                  , default <code>{input.default}</code>
                </>
              ) : null}
            </td>
            <td>{input.description ? <Markdown text={input.description} inline /> : null}</td>
            <td>
              {input.secret ? <em>your own</em> : input.example !== undefined ? <code>{input.example}</code> : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/**
 * The flow as a Mermaid diagram, drawn in the browser by Docusaurus's Mermaid theme (which loads Mermaid only on a
 * page that draws one). The steps below say the same in words; the diagram's source stays readable in the page and
 * its Markdown twin.
 */
function Flow({ workflow }: { workflow: RecipeWorkflowView }): ReactNode {
  return (
    <figure className={styles.flow} data-recipe-flow={workflow.id}>
      <Mermaid value={workflow.diagram} />
      <figcaption>
        The flow of workflow <code>{workflow.id}</code>: each step, where a success leads and where the workflow ends.
        The steps below say the same in words.
      </figcaption>
      <details>
        <summary>The diagram&apos;s source (Mermaid)</summary>
        <CodeBlock language="text">{workflow.diagram}</CodeBlock>
      </details>
    </figure>
  );
}

function Workflow({
  recipe,
  workflow,
  Runner,
}: {
  recipe: RecipePage;
  workflow: RecipeWorkflowView;
  Runner?: ComponentType<RecipeRunnerProps>;
}): ReactNode {
  return (
    <section aria-labelledby={workflow.anchor} data-recipe-workflow={workflow.id}>
      <Heading as="h2" id={workflow.anchor}>
        Workflow {workflow.id}
      </Heading>
      {workflow.summary ? <p>{workflow.summary}</p> : null}
      {workflow.description ? <Markdown text={workflow.description} /> : null}
      <Heading as="h3" id={`${workflow.anchor}-inputs`}>
        Inputs
      </Heading>
      <Inputs workflow={workflow} />
      <Heading as="h3" id={`${workflow.anchor}-flow`}>
        Flow
      </Heading>
      <Flow workflow={workflow} />
      {/*
        THE RUNNER'S PLACE (issue 58, "Run it in the page"): the component that runs the recipe in the browser goes
        here, under the entry workflow's inputs and flow and above its steps, given through the `Runner` prop.
      */}
      {Runner ? (
        <div className={styles.runner} data-recipe-runner={workflow.id}>
          <Runner recipe={recipe} workflow={workflow} />
        </div>
      ) : recipe.workflows[0] === workflow ? (
        <LazyRecipeRunner recipe={recipe} workflow={workflow} />
      ) : null}
      {workflow.steps.map((step, index) => (
        <Step key={step.id} step={step} index={index} workflow={workflow} />
      ))}
      {workflow.outputs.length > 0 ? (
        <>
          <Heading as="h3" id={`${workflow.anchor}-outputs`}>
            Outputs of {workflow.id}
          </Heading>
          <OutputsTable
            label={`Outputs of workflow ${workflow.id}`}
            valueHeading="Value"
            rows={workflow.outputs.map((output) => ({ key: output.name, ...output }))}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * A recipe's page, from the data the build wrote for it (`@site/.generated/recipes/<slug>.json`): what it is for, then
 * each workflow with its inputs, its flow and its steps in order, each step linked to its call's page with what it
 * sends, what it keeps, what counts as success and where it goes next; last, the whole recipe as a program in each
 * language. `Runner` is the place of the component that runs the recipe in the page (shown with the first workflow,
 * the one a reader starts).
 */
export default function Recipe({
  recipe,
  Runner,
}: {
  recipe: RecipePage;
  Runner?: ComponentType<RecipeRunnerProps>;
}): ReactNode {
  const apis = Object.values(recipe.apis);
  return (
    <MarkdownTreesProvider trees={recipe.markdown as MarkdownTrees}>
      <div data-recipe={recipe.slug}>
        {recipe.summary ? <p className={styles.lead}>{recipe.summary}</p> : null}
        {recipe.description ? <Markdown text={recipe.description} /> : null}
        <p>
          Calls the{' '}
          {apis.map((api, index) => (
            <span key={api.id}>
              {index > 0 ? ' and the ' : ''}
              <Link to={`${api.linkBase}/`}>{api.title}</Link>
            </span>
          ))}
          . The recipe is an <Link href="https://spec.openapis.org/arazzo/v1.0.1">Arazzo 1.0.1</Link> document,{' '}
          <code>{recipe.file}</code>, checked at every build against the API documents this site shows.
        </p>
        {recipe.workflows.map((workflow, index) => (
          <Workflow
            key={workflow.id}
            recipe={recipe}
            workflow={workflow}
            {...(index === 0 && Runner ? { Runner } : {})}
          />
        ))}
        <RecipeCode programs={recipe.code} />
      </div>
    </MarkdownTreesProvider>
  );
}

/** The recipes' index: each recipe's page with its summary and the APIs it calls. */
export function RecipeIndex({ recipes }: { recipes: RecipeIndexEntry[] }): ReactNode {
  return (
    <>
      <p>
        Each recipe is a task that takes several calls, written as an Arazzo workflow: its page shows the steps in
        order, each linked to its call, with what it sends, what it keeps for the next step and what counts as success.
      </p>
      <ul data-recipe-index>
        {recipes.map((recipe) => (
          <li key={recipe.slug}>
            <Link to={recipe.href}>{recipe.title}</Link>
            {recipe.summary ? `: ${recipe.summary}` : ''} ({recipe.apis.join(', ')}; {recipe.steps} steps)
          </li>
        ))}
      </ul>
    </>
  );
}
