import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@tp/contracts/endpoints/notifications';
import { effectivePreferences } from './preferences.ts';

describe('notification preferences', () => {
  it('offer staff the staff kinds and everyone else the customer kinds, each at its defaults until chosen', () => {
    expect(effectivePreferences('staff', {}).map((p) => p.kind)).toEqual([
      'newEnquiry',
      'changeRequest',
      'disruption',
      'visaDocumentUploaded',
      'bookingRequestDeclined',
    ]);
    expect(effectivePreferences('travelAgent', {}).map((p) => p.kind)).toEqual([
      'cartConfirmed',
      'quotationConfirmed',
      'refundCredited',
      'holdLapsing',
      'cartStatusChanged',
      'quotationStatusChanged',
    ]);
    expect(effectivePreferences('retail', {})[0]).toEqual({
      kind: 'cartConfirmed',
      ...NOTIFICATION_KINDS.cartConfirmed.defaults,
    });
  });

  it('show a stored choice in place of the default, and ignore stored kinds no longer offered', () => {
    const prefs = effectivePreferences('staff', {
      newEnquiry: { mail: true, push: false },
      refundCredited: { mail: false, push: false },
    });
    expect(prefs).toEqual([
      { kind: 'newEnquiry', mail: true, push: false },
      { kind: 'changeRequest', ...NOTIFICATION_KINDS.changeRequest.defaults },
      { kind: 'disruption', ...NOTIFICATION_KINDS.disruption.defaults },
      { kind: 'visaDocumentUploaded', ...NOTIFICATION_KINDS.visaDocumentUploaded.defaults },
      { kind: 'bookingRequestDeclined', ...NOTIFICATION_KINDS.bookingRequestDeclined.defaults },
    ]);
  });
});
