/**
 * Our wording for the operations rules: the spec quotes no text for transfers, job sheets or the driver page
 * (§8), so nothing here is in `@tp/contracts` `MSG`. Generic field texts come from `DmcMessages`.
 */
export const OPS_TEXT = {
  notYourTransfer: 'This transfer is not on your job sheet',
  notYetItsDay: (date: string): string => `This transfer is on ${date}: it can be marked done from that day`,
  driverOnlyDone: 'Drivers can only mark their own transfers done',
  cancelled: 'This transfer is cancelled and cannot be changed',
  needsDriver: 'Assign a driver before marking the transfer done',
  markedNotDone: 'Staff marked this transfer not done; ask the office to change it',
  reopenFirst: (label: string): string => `This transfer is marked ${label}; reopen it first`,
  unknownTransfer: 'Transfer not found',
  unknownDriver: 'Choose a driver from the driver list',
  driverNotListed: "This transfer's driver is no longer in the driver list",
  overlap: (driver: string, other: string): string => `${driver} is also on ${other} at the same time`,
  overCapacity: (seats: number, driver: string, capacity: number): string =>
    `${seats} passengers, but ${driver}'s vehicle takes ${capacity}`,
  runOverCapacity: (time: string, seats: number, count: number, driver: string, capacity: number): string =>
    `The ${time} SIC run carries ${seats} passengers on ${count} transfers, but ${driver}'s vehicle takes ${capacity}`,
  noTime: (driver: string): string =>
    `Set a date and pickup time to check this transfer against ${driver}'s other jobs`,
  rangeEndBeforeStart: 'The end date must be on or after the start date',
  rangeTooLong: (days: number): string => `Choose a range of at most ${days} days`,
} as const;

export const STATUS_LABELS = {
  pending: 'pending',
  assigned: 'assigned',
  done: 'done',
  notDone: 'not done',
  cancelled: 'cancelled',
} as const;
