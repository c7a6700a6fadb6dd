import { describe, expect, it } from 'vitest';
import { duffelSignature, isDuffelSigned } from './webhook.ts';

const body = '{"id":"wev_1","type":"order.airline_initiated_change_detected","data":{"object":{"order_id":"ord_1"}}}';

describe("Duffel's webhook signature", () => {
  it('accepts the signature of the raw body with the secret', () => {
    expect(isDuffelSigned(body, duffelSignature('s3cret', body, '1732860000'), 's3cret')).toBe(true);
  });

  it('refuses another secret, a changed body, the same JSON reserialised differently, or no signature', () => {
    const header = duffelSignature('s3cret', body, '1732860000');
    expect(isDuffelSigned(body, header, 'other')).toBe(false);
    expect(isDuffelSigned(body.replace('ord_1', 'ord_2'), header, 's3cret')).toBe(false);
    expect(isDuffelSigned(JSON.stringify(JSON.parse(body), null, 1), header, 's3cret')).toBe(false);
    // The timestamp is signed too: moving it breaks the signature.
    expect(isDuffelSigned(body, header.replace('t=1732860000', 't=1732860001'), 's3cret')).toBe(false);
    for (const bad of [undefined, '', 'v1=abc', 't=1,v1=zz', header.slice(0, -2)])
      expect(isDuffelSigned(body, bad, 's3cret')).toBe(false);
    expect(isDuffelSigned(body, header, '')).toBe(false);
  });
});
