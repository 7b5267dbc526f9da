// Types for the @capsule/xlsx host module.
declare module "@capsule/xlsx" {
  export type XlsxCell = string | number | boolean | null;
  export interface XlsxReadResult<Row = XlsxCell[]> { sheets: string[]; sheet: string; rows: Row[]; fields: string[]; truncated: boolean; next: number | null }
  export function read(bytes: Uint8Array, options: { sheet?: string | number; header: true; maxRows?: number; offset?: number }): Promise<XlsxReadResult<Record<string, XlsxCell>>>;
  export function read(bytes: Uint8Array, options?: { sheet?: string | number; header?: false; maxRows?: number; offset?: number }): Promise<XlsxReadResult<XlsxCell[]>>;
  export function write(sheets: Array<{ name: string; rows: XlsxCell[][] }>): Promise<Uint8Array>;
  const xlsx: { read: typeof read; write: typeof write };
  export default xlsx;
}
