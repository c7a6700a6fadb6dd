/** The visa domain's public entry: the deletion of decided applications' documents when its deadline falls due. */
export { purgeDocuments } from './retention.ts';
export { receiveVisaGatewayPayment } from './applications.ts';
