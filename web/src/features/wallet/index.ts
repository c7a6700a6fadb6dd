/** The wallet feature's public pieces for other features. */
export { newRequestId } from './money.ts';
export { GatewayReturnNotice, useGatewayReturn } from './gateway-return.tsx';
