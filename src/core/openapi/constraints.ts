import type { Constraints } from './view';

/** `minimum 1, maximum 100, default 20` as one phrase, read from the document's constraints. */
export function constraintText(constraints: Constraints): string {
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const parts = [
    constraints.minimum !== undefined ? `minimum ${constraints.minimum}` : '',
    constraints.maximum !== undefined ? `maximum ${constraints.maximum}` : '',
    constraints.minLength !== undefined ? `min length ${constraints.minLength}` : '',
    constraints.maxLength !== undefined ? `max length ${constraints.maxLength}` : '',
    constraints.pattern !== undefined ? `pattern ${constraints.pattern}` : '',
    constraints.uniqueItems ? 'unique items' : '',
    constraints.enum ? `one of ${constraints.enum.map(show).join(', ')}` : '',
    constraints.itemsEnum ? `items one of ${constraints.itemsEnum.map(show).join(', ')}` : '',
    'default' in constraints && constraints.default !== undefined ? `default ${show(constraints.default)}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}
