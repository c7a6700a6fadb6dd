/**
 * Every user-facing text the specs quote, exactly as quoted (typos included: partner sites rely on them).
 * Server and web import these constants; nothing spells them twice.
 *
 * One export per text, read as `import * as MSG from '@tp/contracts/messages'` then `MSG.noResults`: esbuild
 * and Vite keep only the texts a bundle reads (a Lambda or a screen carried all ~130 when they were one
 * object). So never use `MSG` as a value (a spread, `Object.keys`): that brings every text back.
 */
/** The default fallback per HTTP method (spec 000 §8), spelled out so each text exists verbatim. */
const HTTP_FAILED = {
  GET: 'Something went wrong. HTTP (GET) request failed. Please contact support.',
  POST: 'Something went wrong. HTTP (POST) request failed. Please contact support.',
  DELETE: 'Something went wrong. HTTP (DELETE) request failed. Please contact support.',
} as const;

export const defaultBrand = 'Flight Deals';
export const required = 'This is required field.';
export const somethingWentWrong = 'Something went wrong';
export const someError = 'Some error occurred';
export const someErrorDot = 'Some error occurred.';
export const requestTimeout = 'Request timeout.Please check your netowrk connection.';
export const httpFailed = (method: 'GET' | 'POST' | 'DELETE'): string => HTTP_FAILED[method];
export const noResults = 'No Reults found!';
export const noRequests = 'No Requests found!';
export const noTickets = 'No tickets yet...';
export const defaultGroupApplicable = 'Default Group Applicable';
// phones and identity
export const emailOrPrimaryPhoneRequired = 'Email or Primary Phone is required';
export const invalidPhone = 'Please enter a valid phone number';
export const phoneOrEmailRequired = 'Either phone or email is required.';
export const invalidPhoneNumber = 'Invalid Phone Number...';
export const phoneRequired = 'Phone number is required!';
export const phoneUpdated = 'Successfully updated phone number';
export const phoneUpdateFailed = 'Unable to update phone number';
export const passwordChanged = 'Password Changed! Redirecting to login page...';
// payments
export const paymentUnsuccessful = 'Payment unsuccessful';
export const paymentFailed = 'Payment failed, Please contact support';
export const paymentSuccessful = 'Payment Successful';
// generic success toasts
export const emailSent = 'Email successfully sent.';
export const settingSaved = 'Setting saved successfully';
export const settingSavedLower = 'setting saved successfully';
export const tdsChanged = 'Tds deduction successfully changed.';
export const groupChanged = 'Group successfully changed';
export const groupSaved = 'Group successfully saved';
export const groupSetDefault = 'Group successfully set as default';
export const requestStatusChanged = 'Request status changed successfully';
export const customerBlocked = 'Customer successfully blocked';
export const customerUnblocked = 'Unblocked';
export const customerExempted = 'Customer successfully exempted from search';
export const customerExemptionRemoved = 'removed from search exemption';
export const copied = 'Copied to clipboard';
export const agentCreated = 'Agent Created Successfully';
// visa
export const visaCategoriesFailed = 'Could not fetch visa categories';
export const visaChecklistFailed = 'Could not fetch visa checklist';
export const noChecklist = 'No checklist found for this category';
export const marketsFailed = 'Failed to fetch markets...';
// kart
export const selectItinerary = 'Please select atleast one itinerary';
export const passengerMismatch = 'Passenger count mismatch, please reselect passengers.';
export const collectedTooHigh = 'Collected payment should not be greater than total price';
export const startDateActivities = 'Please select start date for all activities';
export const startDateMisc = 'Please select start date for all miscellaneous';
export const pickupTransferActivity = 'Please add pickup transfer for activity';
export const pickupTransferAccomodation = 'Please add pickup transfer for accomodation';
export const transferActivity = 'Please add transfer for activity';
export const transferAccomodation = 'Please add transfer for accomodation';
export const sharingBasisActivity = 'Please select sharing basis for activity';
export const sharingBasisAccomodation = 'Please select sharing basis for accomodation';
// rates, combos, areas
export const minPaxPrivate = 'minPax must be required if sharingBasis is private';
export const maxPaxPrivate = 'maxPax must be required if sharingBasis is private';
export const selectTourOption = 'Please select a tour option';
export const tourAlreadyAdded = 'Tour already added';
export const validAmount = 'Please enter a valid amount';
export const fillName = 'Please fill the name';
export const fromAreaRequired = 'From area is required';
export const toAreaRequired = 'To area is required';
export const marketIdRequired = 'Market ID is required';
export const amountPositive = 'Amount must be positive';
export const invalidDate = 'Invalid date format';
export const minMaxPaxPrivate = 'Please enter min and max pax for private sharing basis';
export const activitySaved = 'Activity Saved Successfully';
export const comboCreated = 'Combo created successfully';
export const comboFailed = 'Failed to create combo';
export const activitySearchFailed = 'Error fetching activity search';
export const activeStatusFailed = 'Error changing active status';
export const cartStatusFailed = 'Error updating cart status';
export const noAreaTransfers = 'No area transfers found';
// platform texts not quoted by the specs (our own wording)
export const loggedOut = 'You have been logged out. Please sign in again.';
export const forbidden = 'You do not have permission to do this.';
/** A state-changing call without JSON or from an origin that is not the site's own (cross-site request). */
export const crossSiteRefused = 'This request must be sent by the site itself.';
export const notFound = 'Not found';
export const invalidCredentials = 'Invalid email or password';
export const accountBlocked = 'Your account has been blocked. Please contact support.';
export const emailTaken = 'An account with this email already exists';
export const phoneTaken = 'An account with this phone number already exists';
export const siteNotFound = 'No site is configured for this domain';
export const sessionExpired = 'Your session has expired. Please sign in again.';
export const resetMailSent = 'If an account exists for this email, a reset link has been sent.';
export const resetLinkInvalid =
  'This password link no longer works: it has been used, a newer link was sent, your password has been changed, or the link has expired. Please ask for a new link.';
export const verifyLinkInvalid = 'This verification link is invalid or has expired';
export const passwordRules = 'Password must be at least 8 characters and not a commonly used password';
export const commonPassword = 'This password is too common or has appeared in a data breach. Please choose another.';
export const passwordsDiffer = 'Passwords do not match';
export const wrongCurrentPassword = 'Current password is incorrect';
export const socialLoginFailed = 'Could not verify your sign-in. Please try again.';
export const socialLoginDisabled = 'This sign-in method is not enabled on this site';
export const tooManyAttempts = 'Too many attempts. Please wait a minute and try again.';
/** Sign-in and password change during a lockout, correct password or not. */
export const tooManyLoginAttempts = (minutes: number): string =>
  `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
// reference data (master calls; not quoted by the spec)
export const unknownCountry = 'Please select a valid country';
export const unknownState = 'Please select a valid state';
export const cityOrCityIdRequired = 'Either city or cityId is required';
// field rules (packages/contracts/src/fields.ts; our own wording)
export const invalidValue = 'Please enter a valid value';
export const invalidOption = 'Please choose a valid option';
export const invalidReference = 'This reference is not valid';
export const invalidCharacters = 'Please remove control or hidden formatting characters';
export const invalidCursor = 'Invalid page cursor';
export const tooLong = (max: number): string => `At most ${max} characters`;
export const tooManyItems = (max: number): string => `At most ${max} items`;
export const tooLarge = (max: number): string => `Must be at most ${max}`;
export const tooSmall = (min: number): string => `Must be at least ${min}`;
export const requestTooLarge = 'The request is too large';
export const answerNeedsCompression = 'This answer is too large to send uncompressed: send Accept-Encoding: gzip or br';
export const bodyNotJson = 'Request body must be JSON';
export const bodyNotObject = 'Request body must be a JSON object';
// credit lines (our own wording, docs/credit-lines.md)
export const creditOverdue =
  'An amount you booked on credit is overdue. Please add money to your wallet to pay it before booking again.';
export const creditOverLimit =
  'This booking is more than your wallet balance and credit left. Please add money to your wallet or pay online.';
export const creditDebitOverLimit = 'This debit is more than the wallet balance and credit left';
export const creditLimitBelowUsed = (used: string): string =>
  `The credit limit cannot be lower than the credit in use (${used})`;
export const creditLineSaved = 'Credit line saved';
export const creditLowSubject = (threshold: number): string =>
  `Credit alert: ${threshold}% or less of your credit limit left`;
export const creditDueSoonSubject = (day: string): string => `Credit payment due on ${day}`;
// the platform console: a suspended reseller's site (sign-in, bookings and payments refused; queued work completes)
export const siteSuspended = 'This site is suspended: sign-in, bookings and payments are not available.';
export const notConsoleHost = 'The platform console answers only on its own address.';
