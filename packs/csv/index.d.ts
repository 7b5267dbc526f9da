// Types for the @capsule/csv host module (its facade forwards each call to the host): papaparse's options that take
// no function, and Capsule's paging.
declare module "@capsule/csv" {
  export type CsvCell = string | number | boolean | null;
  export interface CsvParseError { type: string; code: string; message: string; row: number | null; index?: number }
  export interface CsvParseMeta { delimiter: string; linebreak: string; truncated: boolean; renamedHeaders: Record<string, string> | null }
  export interface CsvParseResult<Row = CsvCell[]> { rows: Row[]; fields: string[]; errors: CsvParseError[]; meta: CsvParseMeta; truncated: boolean; next: number | null }
  export interface CsvParseOptions {
    header?: boolean; delimiter?: string; quoteChar?: string; escapeChar?: string; newline?: "\n" | "\r\n" | "\r";
    skipEmptyLines?: boolean | "greedy"; dynamicTyping?: boolean | Record<string, boolean>; comments?: string | boolean;
    preview?: number; skipFirstNLines?: number; fastMode?: boolean; delimitersToGuess?: string[];
    /** Accepted for papaparse compatibility; they change nothing for a string. */
    encoding?: string; worker?: boolean; chunkSize?: number;
    maxRows?: number; offset?: number;
  }
  export interface CsvStringifyOptions {
    header?: boolean; delimiter?: string; quoteChar?: string; escapeChar?: string; newline?: string;
    quotes?: boolean | boolean[]; skipEmptyLines?: boolean | "greedy"; columns?: string[]; escapeFormulae?: boolean;
  }
  type Cell = CsvCell | Date | undefined;
  export type CsvData = Array<Record<string, Cell>> | Cell[][] | { fields?: string[]; data?: Array<Record<string, Cell>> | Cell[][] | Cell[] | string } | string;
  export function parse(text: string, options: CsvParseOptions & { header: true }): Promise<CsvParseResult<Record<string, CsvCell | CsvCell[]>>>;
  export function parse(text: string, options?: CsvParseOptions & { header?: false }): Promise<CsvParseResult<CsvCell[]>>;
  export function parse(text: string, options?: CsvParseOptions): Promise<CsvParseResult<Record<string, CsvCell | CsvCell[]> | CsvCell[]>>;
  export function stringify(data: CsvData, options?: CsvStringifyOptions): Promise<string>;
  const csv: { parse: typeof parse; stringify: typeof stringify };
  export default csv;
}
