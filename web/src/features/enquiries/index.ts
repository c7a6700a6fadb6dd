/** The enquiries feature's public pieces for other features (the package and visa pages). */
export { EnquiryForm } from './EnquiryForm.tsx';
