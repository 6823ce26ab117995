/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list), with the
 * fullwidth forms Apple Numbers normalises to them. Crawled text (titles, descriptions, `<html lang>`)
 * reaches the exports through the evidence, so a hostile page could start a cell, or a line inside a
 * cell, with `=HYPERLINK(…)`.
 */
const FORMULA_START = /(^|\r\n|\r|\n)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * The text with a leading apostrophe wherever a formula could start: at the start of the value and
 * after every line break (a spreadsheet that splits a multi-line value, or a reader that mishandles its
 * quotes, must still see text). Spreadsheets show a leading apostrophe as "this is text" and hide it.
 */
export const neutralizeFormulas = (value: string) => value.replace(FORMULA_START, "$1'");
