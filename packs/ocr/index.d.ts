// Types for the @capsule/ocr host module.
declare module "@capsule/ocr" {
  export interface OcrWord { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }
  export interface OcrResult { text: string; confidence: number; words: OcrWord[] }
  export function recognize(image: Uint8Array, options?: { language?: "eng" }): Promise<OcrResult>;
  const ocr: { recognize: typeof recognize };
  export default ocr;
}
