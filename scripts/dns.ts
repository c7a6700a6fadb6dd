/**
 * `npm run dns [-- --stage prod] [--region ap-south-1]`: per reseller domain of infra/config/sites.ts, the
 * DNS records to publish (SES DKIM and MAIL FROM, DMARC, the CloudFront alias). Offline: values that exist
 * only after a deploy are shown as <placeholders> with where to read them. See docs/deploy.md.
 */
import { parseArgs } from 'node:util';
import { SITES } from '../infra/config/sites.ts';
import { stageConfig } from '../infra/config/stages.ts';
import { dnsRecordsOf } from '../infra/lib/dns-records.ts';

const { values } = parseArgs({ options: { stage: { type: 'string', default: 'dev' }, region: { type: 'string' } } });
const stage = stageConfig(values.stage);
// The stacks' region (cdk's -c region=… overrides it the same way).
const region = values.region ?? stage.env.region;

for (const site of SITES[stage.name]) {
  process.stdout.write(`\n# ${site.domain} (stage ${stage.name}, ${region})\n`);
  for (const r of dnsRecordsOf(stage, site, region))
    process.stdout.write(`${r.name}\t${r.type}\t${r.value}\n  ; ${r.note}\n`);
}
