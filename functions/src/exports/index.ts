/**
 * The exports domain's public entry (docs/architecture.md "Exports"): what an export call uses to start its job,
 * what a domain writes to define its export, and the worker and the local gateway's link check for the entries.
 */
export { startExport } from './jobs.ts';
export { pagesByCursor, pagesOf, type ExportCell, type ExportColumn, type ExportSource } from './workbook.ts';
export { createExportsHandler, type ExportsWorkerWiring } from './worker.ts';
export { localExportFile } from './store.ts';
