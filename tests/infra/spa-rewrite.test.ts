import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../infra/lib/bundling.ts';

interface CfRequest {
  uri: string;
}
type Handler = (event: {
  request: CfRequest;
}) => CfRequest | { statusCode: number; headers: Record<string, { value: string }> };

// The CloudFront Function is plain cloudfront-js-2.0 source with a global `handler`; evaluate it as CloudFront does.
const code = readFileSync(join(ROOT, 'infra', 'lib', 'edge', 'spa-rewrite.js'), 'utf8');
const handler = new Function(`${code}\nreturn handler;`)() as Handler;
const viewerRequest = (uri: string) => handler({ request: { uri } });

describe('SPA rewrite (CloudFront Function, viewer request)', () => {
  it.each(['/app/', '/app/login', '/app/flights/search', '/app/booking/ABC123/e-ticket'])(
    'serves %s from /app/index.html',
    (uri) => {
      expect(viewerRequest(uri)).toEqual({ uri: '/app/index.html' });
    },
  );

  it.each(['/app/index.html', '/app/assets/index-3f9a.js', '/app/favicon.ico', '/app/assets/logo.svg'])(
    'passes the file %s through unchanged',
    (uri) => {
      expect(viewerRequest(uri)).toEqual({ uri });
    },
  );

  it.each(['/', '/app'])('redirects %s to /app/', (uri) => {
    expect(viewerRequest(uri)).toMatchObject({ statusCode: 301, headers: { location: { value: '/app/' } } });
  });

  it('leaves paths outside /app/ alone (they reach S3 and 404 there)', () => {
    expect(viewerRequest('/robots.txt')).toEqual({ uri: '/robots.txt' });
    expect(viewerRequest('/somewhere')).toEqual({ uri: '/somewhere' });
  });
});
