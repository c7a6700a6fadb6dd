import { DMC_RULE_MESSAGES as RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';
import type { DmcMessages } from '@tp/domain/dmc';
import type { FieldProblems } from '#shared/form.ts';

export { RULE_MESSAGES };

/**
 * A DMC domain rule (packages/domain/src/dmc) as the app's forms take it (`requestResolver`,
 * `useEndpointForm`): given the spec's exact messages, so a dialog says what the server would.
 */
export const dmcRule =
  <R>(rule: (request: R, messages: DmcMessages) => FieldProblems) =>
  (request: R): FieldProblems =>
    rule(request, RULE_MESSAGES);
