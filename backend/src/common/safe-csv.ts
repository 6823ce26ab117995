import type { Options } from 'csv-stringify';
import { neutralizeFormulas } from './spreadsheet-text';

/**
 * RFC 4180: CRLF line ends, a header row, and quotes around every value that holds a quote, a comma
 * or any line break — `record_delimiter` alone would quote only CRLF, leaving a bare line feed in a
 * value unquoted, which a spreadsheet reads as a new row. A byte-order mark first, so Excel reads the
 * file as UTF-8 (its dashes and accents intact). Formula characters are neutralised wherever a line of
 * a value starts (`neutralizeFormulas`), and csv-stringify's own `escape_formulas` stays on behind it.
 */
export const safeCsvOptions = (columns: readonly string[]) =>
  ({
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { string: neutralizeFormulas },
  }) satisfies Options;
