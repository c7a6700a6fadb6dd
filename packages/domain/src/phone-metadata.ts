/**
 * The phone-number metadata (libphonenumber's "min" set) for the browser, tests and scripts: bundled as
 * JSON. Lambda bundles resolve `#phone-metadata` to phone-metadata.node.ts instead (package.json
 * "imports", condition tp-lambda), which reads the same data from a sidecar file on first use.
 */
import type { MetadataJson } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

export const phoneMetadata = (): MetadataJson => metadata;
