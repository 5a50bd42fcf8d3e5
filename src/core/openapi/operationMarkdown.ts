import { escapeMarkdownText, markdownText } from '../text/escape';
import { credentialSentence, requiredSecurity, sentenceText } from './security';
import type { Json } from './document';
import { encodedExample } from './request';
import { codeSamples, sampleServer, type SampleEnvironment } from '../samples';
import { isTrustedServer } from './servers';
import { documentSampleLimits, type OperationView, type SchemaNode } from './view';
import { markdownCode, toSafeMarkdown } from '../markdown/write';
import type { LinkTargets } from '../markdown/links';
import { constraintText } from './constraints';

/**
 * Markdown of one operation for AI tools: method, path, parameters with limits, body, responses, a curl sample and
 * the document's own samples.
 * Document text is written through the site's Markdown boundary: descriptions as `toSafeMarkdown` makes them,
 * names and values as escaped text or code spans, so nothing in a document becomes live HTML or a link.
 */

/**
 * A description on one line, for a table cell or a list item. The Markdown writer escapes `|` only inside a table
 * it writes itself, and a cell's pipe would end the cell: escaped here (GFM reads `\|` as a pipe, in code spans too).
 */
function cell(description: string, links: LinkTargets): string {
  return toSafeMarkdown(description, links)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/(?<!\\)\|/g, '\\|')
    .trim();
}

function fence(code: string, language: string): string {
  // A fence longer than any backtick run inside, so document text cannot close it.
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${code}\n${ticks}`;
}

/**
 * A fence's info string for a document's sample: the highlighter's name, or where the site has no grammar of its own
 * for it (`clike`, `text`), the document's `lang` when it is one plain word (`kotlin`, `c#`). Never other document
 * text: a Markdown renderer writes the info string into a class name.
 */
function sampleFenceLanguage(lang: string, prism: string): string {
  if (prism !== 'clike' && prism !== 'text') return prism;
  const word = lang.toLowerCase();
  return /^[a-z][a-z0-9#+.-]{0,29}$/.test(word) ? word : 'text';
}

/** The call's own samples from the document, each under its name, as the document gives them; none when it has none. */
function documentSamples(view: OperationView): string[] {
  if (!view.documentSamples) return [];
  return [
    "## Samples from the API's document",
    '',
    "Written by the API's provider (`x-codeSamples`) and shown as the document gives them; this portal does not run or check them.",
    '',
    ...view.documentSamples.flatMap((sample) => [
      `### ${markdownText(sample.label)}`,
      '',
      fence(sample.source, sampleFenceLanguage(sample.lang, sample.prism)),
      '',
      ...(sample.cut
        ? [
            `Cut at ${documentSampleLimits.characters.toLocaleString('en')} characters: the whole sample is in the API's document.`,
            '',
          ]
        : []),
    ]),
  ];
}

function fields(node: SchemaNode | undefined, links: LinkTargets, depth = 0): string[] {
  if (!node) return [];
  const lines = (node.children ?? []).flatMap((child) => {
    const limits = constraintText(child);
    const line = `${'  '.repeat(depth)}- ${markdownCode(child.name ?? '')} (${markdownText(child.type)}${child.required ? ', required' : ''}${limits ? `; ${markdownText(limits)}` : ''})${child.description ? `: ${cell(child.description, links)}` : ''}`;
    return [line, ...fields(child, links, depth + 1)];
  });
  const { variants } = node;
  if (!variants) return lines;
  const told = variants.discriminator ? `, told apart by ${markdownCode(variants.discriminator)}` : '';
  lines.push(`${'  '.repeat(depth)}- ${variants.kind === 'oneOf' ? 'One' : 'One or more'} of these shapes${told}:`);
  for (const option of variants.options) {
    const described = option.description ? `: ${cell(option.description, links)}` : '';
    lines.push(
      `${'  '.repeat(depth + 1)}- ${markdownText(option.name ?? option.type)} (${markdownText(option.type)})${described}`,
    );
    lines.push(...fields(option, links, depth + 2));
  }
  return lines;
}

function example(value: Json | undefined, label = 'Example:'): string[] {
  return value === undefined ? [] : ['', label, '', fence(JSON.stringify(value, null, 2), 'json')];
}

export function operationMarkdown(
  view: OperationView,
  environment: SampleEnvironment & { trustedOrigins: readonly string[]; links?: LinkTargets },
): string {
  // Where description links lead: the API's pages; without targets (a probe render), site-relative links stay.
  const links = environment.links ?? {};
  const lines = [`# ${markdownText(view.summary)}`, '', markdownCode(`${view.method.toUpperCase()} ${view.path}`), ''];
  if (view.deprecated) lines.push('Deprecated.', '');
  if (view.description) lines.push(toSafeMarkdown(view.description, links), '');
  // The server the samples call; others the document names are said to be elsewhere, never offered as the server.
  const server = view.servers.find((candidate) => isTrustedServer(candidate.url, environment.trustedOrigins));
  if (server) {
    lines.push(`Server: ${markdownCode(server.template ?? server.url)}`, '');
    if (server.variables) {
      lines.push(
        ...server.variables.map(
          (variable) =>
            `- ${markdownCode(variable.name)}: default ${markdownCode(variable.default)}` +
            (variable.enum ? `, one of ${variable.enum.map((value) => markdownCode(value)).join(', ')}` : '') +
            (variable.description ? `. ${markdownText(variable.description)}` : ''),
        ),
        '',
      );
    }
  }
  if (!server && view.hostlessServers) {
    lines.push(
      `Server: ${markdownCode(view.hostlessServers[0])} on the API's own host: the document names no host, so the samples call the address in ${markdownCode(environment.baseUrlVariable)}.`,
      '',
    );
  }
  const elsewhere = view.servers.filter((candidate) => !isTrustedServer(candidate.url, environment.trustedOrigins));
  if (elsewhere.length > 0) {
    lines.push(
      `Also named by the document, on hosts that are not this API's (the samples do not call them): ${elsewhere
        .map((candidate) => markdownCode(candidate.url))
        .join(', ')}.`,
      '',
    );
  }
  const alternatives = requiredSecurity(view);
  const optional = view.securityOptional === true;
  alternatives.forEach((alternative, index) => {
    const sentence = alternative
      .map((security) => sentenceText(credentialSentence(security), markdownCode, escapeMarkdownText))
      .join(' and ');
    const lead = index === 0 ? 'Authentication' : 'Or';
    lines.push(`${lead}: ${sentence}.`, '');
  });
  if (alternatives.length > 0 && optional) lines.push('Or no credential: it is optional on this call.', '');
  lines.push('## Parameters', '');
  if (view.parameters.length === 0) lines.push('None.', '');
  else {
    lines.push(
      '| Name | In | Type | Required | Limits and default | Description |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const parameter of view.parameters) {
      lines.push(
        `| ${markdownCode(parameter.name)} | ${parameter.in} | ${markdownText(parameter.type)} | ${parameter.required ? 'yes' : 'no'} | ${markdownText(constraintText(parameter))} | ${cell(parameter.description, links)} |`,
      );
    }
    lines.push('');
  }
  if (view.requestBody) {
    lines.push(
      '## Request body',
      '',
      `${view.requestBody.required ? 'Required' : 'Optional'}; ${view.requestBody.contents.map((media) => markdownCode(media.contentType)).join(' or ')}.`,
      '',
    );
    const media = view.requestBody.contents[0];
    lines.push(...fields(media?.schema, links), '');
    // Each media type's example in its own encoding: a form body as `name=value`, not a copy of the JSON.
    for (const item of view.requestBody.contents) {
      if (item.example === undefined) continue;
      const json = item.contentType.includes('json');
      lines.push(
        `Example, ${markdownCode(item.contentType)}:`,
        '',
        fence(encodedExample(item.contentType, item.example), json ? 'json' : 'text'),
        '',
      );
    }
  }
  lines.push('## Responses', '');
  for (const response of view.responses) {
    lines.push(`### ${markdownText(response.status)}`, '', cell(response.description, links), '');
    const media = response.contents[0];
    if (media)
      lines.push(
        `Content type: ${markdownCode(media.contentType)}${media.streamed ? '. A stream: the items arrive one at a time, each of this shape' : ''}`,
        '',
        ...fields(media.schema, links),
        ...example(media.example),
        ...(media.example === undefined ? example(media.generated, 'Example, built from the schema:') : []),
        '',
      );
    for (const link of response.links ?? []) {
      const target = link.target
        ? `${markdownCode(`${link.target.method.toUpperCase()} ${link.target.path}`)} (${markdownText(link.target.summary)})`
        : markdownCode(link.unresolved ?? link.name);
      const parameters = link.parameters
        .map((parameter) => `${markdownCode(parameter.name)} from ${markdownCode(parameter.value)}`)
        .join(', ');
      lines.push(
        `Leads to ${target} (${markdownText(link.name)})${parameters ? `, with ${parameters}` : ''}.${link.description ? ` ${cell(link.description, links)}` : ''}`,
        '',
      );
    }
  }
  if (view.callbacks) {
    lines.push('## Callbacks', '', 'Requests the API sends to your server after this call.', '');
    for (const callback of view.callbacks) {
      for (const sent of callback.operations) {
        lines.push(
          `### ${markdownText(callback.name)}: ${markdownCode(`${sent.method.toUpperCase()} ${callback.expression}`)}`,
          '',
        );
        if (sent.description || sent.summary) lines.push(toSafeMarkdown(sent.description || sent.summary, links), '');
        const body = sent.requestBody?.contents[0];
        if (body)
          lines.push(`The body it sends, ${markdownCode(body.contentType)}:`, '', ...fields(body.schema, links), '');
        if (sent.responses.length > 0) {
          lines.push(
            'What your server answers:',
            '',
            ...sent.responses.map(
              (response) => `- ${markdownText(response.status)}: ${cell(response.description, links)}`,
            ),
            '',
          );
        }
      }
    }
  }
  const [curl] = codeSamples(
    view,
    {
      // Only a server on the API's own hosts: a document's other servers are documented, never called.
      serverUrl: sampleServer(view, { ...environment, fallbackServer: '' }),
      credentialVariable: environment.credentialVariable,
      baseUrlVariable: environment.baseUrlVariable,
    },
    ['curl'],
  );
  lines.push('## Example request', '', fence(curl.code, 'bash'));
  // The document's samples after the rest, whose runs of blank lines close up: theirs are the source's own, kept.
  const own = documentSamples(view);
  return `${[
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    ...(own.length > 0 ? ['', ...own] : []),
  ]
    .join('\n')
    .trimEnd()}\n`;
}
