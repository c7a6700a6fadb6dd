/** The profile's quick links (spec 000 §2 non-staff menu and the user pages). */
export const REFERRAL_PATH = '/user/dashboard/referral';
export const BILLING_PATH = '/user/billing-details';

export const PROFILE_LINKS = [
  { label: 'Tickets', to: '/flight/ticketQueue', hint: 'Your bookings' },
  { label: 'Wallet', to: '/user/transactionHistory', hint: 'Balance and payments' },
  { label: 'Referral', to: REFERRAL_PATH, hint: 'Invite friends' },
  { label: 'Billing', to: BILLING_PATH, hint: 'GST and PAN' },
] as const;
