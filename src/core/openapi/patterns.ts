/**
 * Whether a value matches a document's `pattern`: true or false, or undefined when the pattern cannot be checked
 * safely (and is then skipped, not run). A document is untrusted input and a pattern such as `^(a+)+$` makes a
 * backtracking engine (JavaScript's RegExp) take exponential time: one such pattern froze Try it's tab for over 15 s.
 */
export type PatternMatcher = (pattern: string, value: string) => boolean | undefined;

/** The part of re2js (RE2's linear-time semantics in JavaScript) that the matcher uses. */
export interface Re2Engine {
  compile: (pattern: string) => { matcher: (input: string) => { find: () => boolean } };
}

/**
 * A matcher with RE2's guarantee: time linear in the value, whatever the pattern. JSON Schema's `pattern` is not
 * anchored, so it is a search. A pattern RE2 does not accept (lookarounds, back-references, ECMA-only syntax) is
 * not checked: undefined. Compiled patterns are kept, as a form checks the same ones again.
 */
export function re2Matcher(engine: Re2Engine): PatternMatcher {
  const compiled = new Map<string, ReturnType<Re2Engine['compile']> | undefined>();
  return (pattern, value) => {
    if (!compiled.has(pattern)) {
      try {
        compiled.set(pattern, engine.compile(pattern));
      } catch {
        compiled.set(pattern, undefined);
      }
    }
    return compiled.get(pattern)?.matcher(value).find();
  };
}
