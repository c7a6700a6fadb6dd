/**
 * exceljs, behind a module of ours: the worker imports this lazily. exceljs is CommonJS, and a lazily imported module
 * gets an export added at build time (infra/lib/bundling.ts "cold path in one chunk"), which would turn its
 * `module.exports` into an ES module's and break it; imported from here it stays a plain dependency.
 */
import ExcelJS from 'exceljs';

export const { stream } = ExcelJS;
