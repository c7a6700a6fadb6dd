import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { urlPath } from '@tp/contracts/endpoint';
import type { StageConfig } from '../../config/stages.ts';
import { RATE_LIMITED_CALLS, RATE_WINDOW_SECONDS, type RateLimitedCalls } from '../../config/waf.ts';

/** CloudFront web ACLs (and their metrics) live in us-east-1 whatever the stacks' region. */
export const WEB_ACL_REGION = 'us-east-1';

export interface WebAclStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * AWS managed rule groups, in evaluation order. Rules overridden to count (logged and metered, not
 * blocked) are ones our own contract contradicts, each with its reason.
 */
export const MANAGED_RULE_GROUPS: readonly { name: string; countOnly?: Record<string, string> }[] = [
  { name: 'AWSManagedRulesAmazonIpReputationList' },
  {
    name: 'AWSManagedRulesCommonRuleSet',
    countOnly: {
      // The rule blocks bodies over 8 KB; the API takes up to 1 MB (413 past it): bookings with many
      // passengers, DMC rate sheets.
      SizeRestrictions_BODY: 'bodies up to 1 MB are valid by contract',
      // Staff save the site's header and footer HTML, which the site domain sanitises itself (site/sanitize.ts).
      CrossSiteScripting_BODY: 'site header/footer HTML is sanitised server-side',
    },
  },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet' },
];

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const pathIs = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** A rate rule counting only the requests to these calls' exact paths. */
function rateRule({ name, endpoints, limit }: RateLimitedCalls, priority: number): CfnWebACL.RuleProperty {
  const paths = endpoints.map((e) => pathIs(urlPath(e)));
  return {
    name: `Rate${name}`,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        aggregateKeyType: 'IP',
        // WAF's OR needs two statements or more.
        scopeDownStatement: paths.length === 1 ? paths[0] : { orStatement: { statements: paths } },
      },
    },
    visibilityConfig: visibility(`Rate${name}`),
  };
}

/** The stage's web ACL's name, which its CloudWatch metrics are dimensioned by. */
export const webAclNameOf = (stage: StageConfig): string => `${stage.name}-travel-platform`;

/**
 * The CLOUDFRONT-scope web ACL every reseller distribution shares (must be in us-east-1): AWS managed
 * IP reputation, common and known-bad-inputs rules, and per-IP rate rules on the sign-in, sign-up,
 * password-reset and payment-callback calls. Everything else is allowed.
 */
export class WebAclStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclStackProps) {
    super(scope, id, props);
    const name = webAclNameOf(props.stage);
    const managed = MANAGED_RULE_GROUPS.map(({ name: group, countOnly = {} }, priority): CfnWebACL.RuleProperty => ({
      name: group,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: group,
          ...(Object.keys(countOnly).length > 0 && {
            ruleActionOverrides: Object.keys(countOnly).map((rule) => ({ name: rule, actionToUse: { count: {} } })),
          }),
        },
      },
      visibilityConfig: visibility(group),
    }));
    const rates = RATE_LIMITED_CALLS.map((calls, i) => rateRule(calls, managed.length + i));
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: `${props.stage.name}: every reseller distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: [...managed, ...rates],
      visibilityConfig: visibility(name),
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
