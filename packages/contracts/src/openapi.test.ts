import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './routes.ts';
import { openApiDocument } from './openapi.ts';
import { urlPath } from './endpoint.ts';

describe('generated OpenAPI document', () => {
  const doc = openApiDocument(ENDPOINTS) as { paths: Record<string, Record<string, { operationId: string }>> };

  it('describes every route of the table under its exact path', () => {
    for (const e of ENDPOINTS) expect(doc.paths[urlPath(e)]?.[e.method.toLowerCase()]?.operationId).toBe(e.id);
  });

  it('keeps the contract spelling (whitelabel/detetct)', () => {
    expect(Object.keys(doc.paths)).toContain('/api/whitelabel/detetct');
  });
});
