/**
 * CSV injection (OWASP): a cell starting with = + - @, a tab or a carriage return is run as a
 * formula by spreadsheets. The export writes such a text with a single quote in front (and the
 * field in double quotes); our own import takes exactly that quote off again (decisions/0081).
 *
 * A text that already starts with quotes before such a character ("'=x") gets one more, so the
 * two are inverse: undoFormulaGuard(neutraliseFormula(s)) === s for every s.
 */
const GUARDED = /^'*[=+\-@\t\r]/;
const WRITTEN = /^'+[=+\-@\t\r]/;

/** The cell as the export writes it. */
export function neutraliseFormula(text: string): string {
  return GUARDED.test(text) ? `'${text}` : text;
}

/** A cell of our own export as it was before neutraliseFormula. */
export function undoFormulaGuard(cell: string): string {
  return WRITTEN.test(cell) ? cell.slice(1) : cell;
}

/** csv-stringify's `quoted_match`: a neutralised cell is always quoted. */
export const NEUTRALISED_CELL = WRITTEN;
