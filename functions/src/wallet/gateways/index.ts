import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { createPhonePeGateway } from './phonepe.ts';
import { sandboxGateway } from './sandbox.ts';
import { gatewaySettings } from './settings.ts';
import type { PaymentGateway } from './types.ts';

export type { PaymentGateway, GatewayStatus } from './types.ts';
export {
  clearGatewaySettingsCache,
  gatewaySettings,
  isSandboxGateway,
  usableOnThisStage,
  ZGatewaySettings,
  type GatewaySettings,
} from './settings.ts';

const phonepe = createPhonePeGateway(async (siteId) => {
  const creds = (await gatewaySettings(siteId)).phonepe;
  if (!creds) throw new Error(`site ${siteId} has no PhonePe credentials`);
  return creds;
});

const GATEWAYS: Record<GatewayName, PaymentGateway> = { sandbox: sandboxGateway, phonepe };

/** The adapter for a gateway name (a payment keeps its gateway even if the site switches later). */
export const gateway = (name: GatewayName): PaymentGateway => GATEWAYS[name];

export const GATEWAY_LABELS: Record<GatewayName, string> = { sandbox: 'Sandbox gateway', phonepe: 'PhonePe' };
