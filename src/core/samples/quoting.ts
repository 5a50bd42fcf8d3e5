/**
 * A double-quoted string literal valid in JavaScript, Python, Go and C# (JSON's escaping is common to all four), with
 * the characters C# reads as a line break (U+0085, U+2028, U+2029), which JSON leaves as they are, as `\u` escapes.
 */
export const quoted = (value: string): string =>
  JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * A Java string literal in ASCII: javac reads a source file in the platform's encoding, so other characters become
 * `\u` escapes; control characters become octal ones, as javac turns `\u000a` into a line break before it lexes.
 */
export const javaQuoted = (value: string): string =>
  JSON.stringify(value)
    .replace(/\\u00([0-9a-f]{2})/gi, (_, hex: string) => `\\${parseInt(hex, 16).toString(8)}`)
    .replace(/[^ -~\n\t\r]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A single-quoted literal of PHP, Ruby and Perl: nothing is interpolated, only `\` and `'` are escaped. */
export const singleQuoted = (value: string): string => `'${value.replace(/[\\']/g, (char) => `\\${char}`)}'`;
