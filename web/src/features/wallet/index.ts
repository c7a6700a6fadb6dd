/** The wallet feature's public pieces for other features. */
export { newRequestId } from './money.ts';
export { GatewayReturnNotice, useGatewayReturn, type GatewayReturn } from './gateway-return.tsx';
