import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { leaveApp } from '#api/navigation.ts';

/**
 * Facebook Login without the SDK: the OIDC authorization-code flow with PKCE. The login page
 * redirects to Facebook's dialog; Facebook returns to /login?code&state, where we exchange the
 * code for the OIDC id token that users.facebookLogin verifies server-side. The redirect URI
 * (origin + /app/login) must be registered in the Facebook app.
 */
const GRAPH_VERSION = 'v21.0';
const PENDING_KEY = 'tp.facebookLogin';

interface Pending {
  verifier: string;
  state: string;
  redirectTo: string | null;
}

const redirectUri = () => `${window.location.origin}${SPA_BASENAME}/login`;

function randomToken(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64Url(data: ArrayBuffer | Uint8Array): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function startFacebookLogin(appId: string, redirectTo: string | null): Promise<void> {
  const pending: Pending = { verifier: randomToken(48), state: randomToken(16), redirectTo };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const challenge = base64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier)));
  const params = new URLSearchParams({
    client_id: appId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: 'openid email',
    state: pending.state,
    nonce: randomToken(16),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  leaveApp(`https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth?${params}`);
}

/** True when this page load is Facebook's return to us. */
export const isFacebookReturn = (search: URLSearchParams): boolean =>
  search.has('state') && (search.has('code') || search.has('error'));

/** Completes a return from Facebook: the id token and where the user was going, or null (cancelled, forged or failed). */
export async function finishFacebookLogin(
  appId: string,
  search: URLSearchParams,
): Promise<{ idToken: string; redirectTo: string | null } | null> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  const code = search.get('code');
  if (!pending || !code || search.get('state') !== pending.state) return null;
  const params = new URLSearchParams({
    client_id: appId,
    redirect_uri: redirectUri(),
    code_verifier: pending.verifier,
    code,
  });
  const res = await fetch(`https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token?${params}`);
  const body = (await res.json().catch(() => ({}))) as { id_token?: string };
  return body.id_token ? { idToken: body.id_token, redirectTo: pending.redirectTo } : null;
}
