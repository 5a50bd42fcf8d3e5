import { RecipeCodeError, type CodeWorkflow, type RecipeProgram } from './model';

/**
 * What the three languages share when they name and comment things: a workflow's function name, and a comment's
 * text. A name from a document never becomes code unquoted: a function is named from its workflowId's letters and
 * digits only, and a comment is one line of text without any character a language reads as the end of a line.
 */

/** `historyPages` as the words `history`, `pages`: from its letters and digits. */
export function words(id: string): string[] {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** Each workflow's function name, made by `name` from its words; two workflows that would share one stop the build. */
export function functionNames(program: RecipeProgram, name: (words: string[]) => string): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Map<string, string>();
  for (const workflow of program.workflows) {
    const parts = words(workflow.id);
    // Without a letter or digit there is nothing to name a function from (Node's writer would index an empty word).
    if (parts.length === 0) {
      throw new RecipeCodeError(
        `recipe ${program.file}, workflow ${workflow.id}: its workflowId has no letter or digit to name its function`,
      );
    }
    const made = name(parts);
    const other = taken.get(made);
    if (other !== undefined) {
      throw new RecipeCodeError(
        `recipe ${program.file}, workflow ${workflow.id}: its function would be named as workflow ${other}'s (${made})`,
      );
    }
    taken.set(made, workflow.id);
    names.set(workflow.id, made);
  }
  return names;
}

/**
 * A comment's text: line breaks and every other control or line-separator character (which JavaScript and Python
 * read as the end of a line) become spaces, so a document's text cannot end the comment and write code.
 */
export function commentText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The comment lines of a text, each within `width` characters after `prefix` (`# `, `// `). */
export function commentLines(prefix: string, text: string, width = 112): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of commentText(text).split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(`${prefix}${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`${prefix}${line}`);
  return lines;
}

/** What a step's header comment says: its description, its call, and that it writes when it does. */
export function stepComment(step: CodeWorkflow['steps'][number]): string[] {
  const request = step.request;
  return [
    ...(step.description ? [step.description] : []),
    ...(request
      ? [
          `${request.method} ${request.template} (${request.operationId}).` +
            (request.writes ? ` This step writes (${request.method}): running the program sends it.` : ''),
        ]
      : []),
    ...(step.workflow ? [`Runs the workflow ${step.workflow.id}.`] : []),
  ];
}

/** What a workflow's comment says: its summary, and where each input comes from when it is the one run. */
export function workflowComment(workflow: CodeWorkflow): string[] {
  const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const inputs = workflow.inputs.map((input) =>
    input.credential
      ? `${input.name} from ${input.credential}`
      : `--${input.name} or ${input.env}` +
        (input.default !== undefined
          ? ` (default ${shown(input.default)})`
          : input.example !== undefined
            ? ` (example ${shown(input.example)})`
            : input.required
              ? ' (required)'
              : ''),
  );
  return [
    `Workflow ${workflow.id}${workflow.summary ? `: ${workflow.summary}` : ''}`,
    ...(inputs.length > 0 ? [`Run on its own, its inputs: ${inputs.join('; ')}.`] : []),
  ];
}

/** The inputs of a workflow as the programs' table of them (plain JSON, quoted by each language as a literal). */
export function inputTable(workflow: CodeWorkflow): unknown[] {
  return workflow.inputs.map((input) => ({ ...input }));
}
