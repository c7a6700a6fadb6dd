/** The books (docs/dmc.md "The books"): journal rules and their files, pure. */
export * from './accounting/journal.ts';
export * from './accounting/files.ts';
export * from './accounting/margins.ts';
