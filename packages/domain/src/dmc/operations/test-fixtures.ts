/** Shared by the operations tests only (not exported): a transfer and drivers to vary. */
import type { OpsDriver, Transfer } from './types.ts';

export const transfer = (over: Partial<Transfer> = {}): Transfer => ({
  id: 't-1',
  kartId: 'kart-1',
  source: { section: 'activities', lineId: 'line-1' },
  leg: 'pickup',
  date: '2026-12-01',
  time: '10:00',
  pickupLocation: 'Rove Downtown',
  dropLocation: 'Dubai Frame',
  pickupArea: 'Downtown',
  sharingType: 'PVT',
  pax: { adults: 2, child: 1, infant: 0 },
  customerName: 'Asha Rao',
  customerPhone: '+971 50 123 4567',
  flightNo: null,
  quotationNo: 'Q-2026-0042',
  service: 'Dubai Frame',
  hotelName: 'Rove Downtown',
  leadGuest: 'Mrs Asha Rao',
  remarks: '',
  driverId: 'drv-ahmed',
  internalDriverCharges: null,
  status: 'assigned',
  isCompleted: false,
  completedAt: null,
  ...over,
});

export const AHMED: OpsDriver = { driverId: 'drv-ahmed', driverName: 'Ahmed', vehicleCapacity: 7 };
export const BILAL: OpsDriver = { driverId: 'drv-bilal', driverName: 'Bilal', vehicleCapacity: 3 };
export const CHEN: OpsDriver = { driverId: 'drv-chen', driverName: 'Chen', vehicleCapacity: null };
export const DRIVERS = [AHMED, BILAL, CHEN];
