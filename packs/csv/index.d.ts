// Types for the @capsule/csv host module (its facade forwards each call to the host).
declare module "@capsule/csv" {
  export type CsvCell = string | number | boolean | null;
  export interface CsvParseError { type: string; code: string; message: string; row: number | null }
  export interface CsvParseResult<Row = Record<string, CsvCell>> { rows: Row[]; fields: string[]; errors: CsvParseError[]; truncated: boolean; next: number | null }
  export interface CsvParseOptions {
    header?: boolean; delimiter?: string; quoteChar?: string; escapeChar?: string; newline?: "\n" | "\r\n" | "\r";
    skipEmptyLines?: boolean | "greedy"; dynamicTyping?: boolean; comments?: string | boolean; maxRows?: number; offset?: number;
  }
  export interface CsvStringifyOptions { header?: boolean; delimiter?: string; quoteChar?: string; newline?: "\n" | "\r\n" | "\r"; columns?: string[]; escapeFormulae?: boolean }
  export function parse(text: string, options?: CsvParseOptions & { header?: true }): Promise<CsvParseResult<Record<string, CsvCell>>>;
  export function parse(text: string, options: CsvParseOptions & { header: false }): Promise<CsvParseResult<CsvCell[]>>;
  export function stringify(rows: Array<Record<string, unknown> | unknown[]>, options?: CsvStringifyOptions): Promise<string>;
  const csv: { parse: typeof parse; stringify: typeof stringify };
  export default csv;
}
