// Owns the internal tuning of the host modules: how the work is done (pool sizes, worker heaps and stacks, chunk
// sizes, how long an engine or worker may take to start), as opposed to what a caller may ask for (limits.ts). A
// caller can change none of these. Refuses nothing itself.

/** One tuning constant and why it has its value. */
export interface TuningRow {
  readonly value: number;
  readonly doc: string;
}

export const TUNING = {
  htmlWorkers: { value: 2, doc: "html worker threads at most (never more than the machine's cores), started on demand; runs are served in turn" },
  xlsxWorkers: { value: 2, doc: "xlsx worker threads at most (never more than the machine's cores), started on demand; runs are served in turn" },
  zipWorkers: { value: 2, doc: "zip worker threads at most (never more than the machine's cores), started on demand; runs are served in turn" },
  ocrWorkers: { value: 2, doc: "OCR worker threads at most (each holds one tesseract.js engine; never more than the machine's cores); runs are served in turn" },
  csvWorkers: { value: 2, doc: "csv worker threads at most (never more than the machine's cores), started on the first long text; runs are served in turn" },
  csvWorkerFromChars: { value: 262_144, doc: "texts at least this long (UTF-16 units) are parsed in a csv worker, shorter ones on the calling thread (worst case there ~60 ms; measured in the README)" },
  csvWorkerPartCells: { value: 32_768, doc: "cells of the rows in one part of a csv worker's result: the calling thread builds the page from each part while the worker packs the next" },
  htmlWorkerHeapMb: { value: 1_024, doc: "old-generation heap of the html worker, in MiB (past it: `memory-limit`, worker replaced)" },
  xlsxWorkerHeapMb: { value: 2_048, doc: "old-generation heap of the xlsx worker, in MiB (a 1,000,000-cell workbook takes ~500 MiB in exceljs)" },
  zipWorkerHeapMb: { value: 512, doc: "old-generation heap of a zip worker, in MiB (an archive of 50 MiB inflated plus the archive itself)" },
  ocrWorkerHeapMb: { value: 512, doc: "old-generation heap of an OCR worker, in MiB (the image and the result; the engine's WASM memory is its own)" },
  csvWorkerHeapMb: { value: 1_024, doc: "old-generation heap of a csv worker, in MiB (papaparse's rows of a hostile 5 MiB text take ~300 MiB)" },
  isolateWorkerStackMb: { value: 8, doc: "stack of the csv, html, xlsx, zip and OCR workers, in MiB: deep library recursion ends in a catchable RangeError inside them" },
  zipInputChunkBytes: { value: 4_096, doc: "compressed bytes fed to the inflater per step; one step inflates at most ~1032× this, which bounds the overshoot past a cap" },
  workerStartTimeoutMs: { value: 60_000, doc: "time a fresh html or xlsx worker may take to load its library before a call's own time limit starts, else `timeout`" },
  ocrStartTimeoutMs: { value: 60_000, doc: "time to start the OCR engine (load its core and language data), else `timeout`" },
  wasmWorkerStartMs: { value: 10_000, doc: "time a fresh WASM pool worker may take to start; a call's own timeout counts only from then" },
  wasmSpinUs: { value: 100, doc: "direct WASM calls: how long a caller spins for its answer, and an executor for the next call, before blocking, in µs; each only while the calls before came that quickly (a futex wake-up costs ~10 µs each way; measured in the host-modules README)" },
  wasmWorkerHeapMb: { value: 64, doc: "heap of one WASM pool worker thread, in MiB (instances' linear memories are bounded at admission)" },
} as const satisfies Readonly<Record<string, TuningRow>>;
