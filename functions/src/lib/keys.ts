/**
 * Every DynamoDB key of the platform is built here and nowhere else. Every key of tenant data begins
 * with `SITE#<siteId>`, so a query built from these functions cannot cross tenants by mistake. The
 * only keys outside a site are the domain → site lookup and the site record itself.
 */
export interface Key {
  pk: string;
  sk: string;
}

const site = (siteId: string) => {
  if (!siteId || siteId.includes('#')) throw new Error('invalid site id');
  return `SITE#${siteId}`;
};
const part = (v: string) => {
  if (!v || v.includes('#')) throw new Error('invalid key part');
  return v;
};

export const keys = {
  /** Domain → site id (global: domains are unique across the platform). */
  domain: (domain: string): Key => ({ pk: `DOMAIN#${part(domain.toLowerCase())}`, sk: 'DOMAIN' }),
  site: (siteId: string): Key => ({ pk: site(siteId), sk: 'META' }),
  /** Server-only site settings (credentials, limits); never sent to the browser. */
  siteSecrets: (siteId: string): Key => ({ pk: site(siteId), sk: 'SECRETS' }),
  policyPage: (siteId: string, page: string): Key => ({ pk: site(siteId), sk: `POLICY#${part(page)}` }),

  user: (siteId: string, userId: string): Key => ({ pk: `${site(siteId)}#USER#${part(userId)}`, sk: 'PROFILE' }),
  /** Users of a site newest first (gsi1). */
  usersIndex: (siteId: string, createdAt: string, userId: string) => ({
    gsi1pk: `${site(siteId)}#USERS`,
    gsi1sk: `${createdAt}#${part(userId)}`,
  }),
  usersIndexPk: (siteId: string) => `${site(siteId)}#USERS`,
  /** Uniqueness guards, written in the same transaction as the user. */
  userEmail: (siteId: string, email: string): Key => ({
    pk: `${site(siteId)}#EMAIL#${part(email.toLowerCase())}`,
    sk: 'UNIQUE',
  }),
  userPhone: (siteId: string, countryCode: string, phone: string): Key => ({
    pk: `${site(siteId)}#PHONE#${part(countryCode.toLowerCase())}-${part(phone)}`,
    sk: 'UNIQUE',
  }),
  userSocial: (siteId: string, provider: 'google' | 'facebook', subject: string): Key => ({
    pk: `${site(siteId)}#SOCIAL#${provider}#${part(subject)}`,
    sk: 'UNIQUE',
  }),
  legalEntity: (siteId: string, leId: string): Key => ({ pk: `${site(siteId)}#LE#${part(leId)}`, sk: 'META' }),

  /** Sessions are stored under the SHA-256 of the token, never the token itself. */
  session: (siteId: string, tokenHash: string): Key => ({
    pk: `${site(siteId)}#SESSION#${part(tokenHash)}`,
    sk: 'SESSION',
  }),
  /** All sessions of a user (gsi1), so a password change can end them. */
  sessionsOfUserIndex: (siteId: string, userId: string, tokenHash: string) => ({
    gsi1pk: `${site(siteId)}#USER#${part(userId)}#SESSIONS`,
    gsi1sk: part(tokenHash),
  }),
  sessionsOfUserPk: (siteId: string, userId: string) => `${site(siteId)}#USER#${part(userId)}#SESSIONS`,
  /** One-time links (password, email verification, session hand-off), by token hash. */
  oneTimeToken: (siteId: string, purpose: 'reset' | 'verify' | 'handoff', tokenHash: string): Key => ({
    pk: `${site(siteId)}#TOKEN#${purpose}#${part(tokenHash)}`,
    sk: 'TOKEN',
  }),
  /** Fixed-window rate limit counter. */
  rateLimit: (siteId: string, scope: string, window: string): Key => ({
    pk: `${site(siteId)}#RATE#${part(scope)}`,
    sk: part(window),
  }),
  /** RBAC permission group (granted permission keys) and its members (gsi1, by group). */
  rbacGroup: (siteId: string, groupId: string): Key => ({ pk: `${site(siteId)}#RBAC#${part(groupId)}`, sk: 'GROUP' }),
  rbacGroupsPk: (siteId: string) => `${site(siteId)}#RBACGROUPS`,
  rbacGroupsIndex: (siteId: string, groupName: string, groupId: string) => ({
    gsi1pk: `${site(siteId)}#RBACGROUPS`,
    gsi1sk: `${groupName.toLowerCase()}#${part(groupId)}`,
  }),
  pushSubscription: (siteId: string, userId: string, endpointHash: string): Key => ({
    pk: `${site(siteId)}#USER#${part(userId)}#PUSH`,
    sk: part(endpointHash),
  }),
  /** Email worker's "already sent" marker, by the hash of the message's idempotency key (TTL-expired). */
  mailSent: (siteId: string, idempotencyKeyHash: string): Key => ({
    pk: `${site(siteId)}#MAIL#${part(idempotencyKeyHash)}`,
    sk: 'SENT',
  }),
};
