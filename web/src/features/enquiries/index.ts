/** The enquiries feature's public pieces for other features (the package and visa pages). */
export { EnquiryForm, type EnquiryFormProps } from './EnquiryForm.tsx';
