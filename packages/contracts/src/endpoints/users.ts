import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmail, ZOk, zEmpty } from '../common.ts';
import { zJwt, zSecret, zToken } from '../fields.ts';
import * as MSG from '../messages.ts';
import { ZLogin, ZPassword, ZSignup, ZUser, ZValidPhoneEntry } from '../users.ts';
import { lazy } from '../lazy.ts';

export const signup = endpoint({
  id: 'users.signup',
  api: 'site',
  method: 'POST',
  path: 'wl/user/signup',
  domain: 'users',
  auth: 'public',
  request: ZSignup,
  response: lazy(() => z.object({ userId: z.string(), email: z.string() })),
  summary: 'Retail or travel-agent registration; sends the email-verification mail.',
});

/** Our own call: the specs show the login screen but not its path. */
export const login = endpoint({
  id: 'users.login',
  api: 'site',
  method: 'POST',
  path: 'wl/user/login',
  domain: 'users',
  auth: 'public',
  request: ZLogin,
  response: ZUser,
  summary: 'Email + password sign-in; sets the HttpOnly auth-token cookie.',
});

export const logout = endpoint({
  id: 'users.logout',
  api: 'site',
  method: 'POST',
  path: 'wl/user/logout',
  domain: 'users',
  auth: 'public',
  request: zEmpty,
  response: ZOk,
  summary: 'Ends the session and clears the cookie (works when already signed out).',
});

export const getUserBySessionId = endpoint({
  id: 'users.getUserBySessionId',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getUserBySessionId',
  domain: 'users',
  auth: 'user',
  request: zEmpty,
  response: ZUser,
  summary: 'The signed-in user for the auth token; 401 sends the browser to logout.',
});

export const loginBySessionId = endpoint({
  id: 'users.loginBySessionId',
  api: 'site',
  method: 'POST',
  path: 'wl/user/loginBySessionId',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ sessionId: zToken() })),
  response: ZUser,
  summary: 'Exchanges a one-time hand-off session id (from jump login or the core site) for a session cookie.',
});

export const forgetPassword = endpoint({
  id: 'users.forgetPassword',
  api: 'site',
  method: 'POST',
  path: 'wl/user/forgetPassword',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ email: zEmail() })),
  response: ZOk,
  summary: 'Mails a password link through the email queue; same answer whether or not the account exists.',
});

export const generatePassword = endpoint({
  id: 'users.generatePassword',
  api: 'site',
  method: 'POST',
  path: 'wl/user/generatePassword',
  domain: 'users',
  auth: 'public',
  request: lazy(() =>
    z
      .object({ token: zToken(), password: ZPassword, confirmPassword: zSecret({ required: false }) })
      .check(
        z.refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDiffer, path: ['confirmPassword'] }),
      ),
  ),
  response: ZOk,
  summary: 'Sets a password from an emailed link (also verifies the email address).',
});

/** Our own call: "password change ... calls exist; paths not shown". */
export const changePassword = endpoint({
  id: 'users.changePassword',
  api: 'site',
  method: 'POST',
  path: 'wl/user/changePassword',
  domain: 'users',
  auth: 'user',
  request: lazy(() =>
    z
      .object({ currentPassword: zSecret(), newPassword: ZPassword, confirmPassword: zSecret({ required: false }) })
      .check(
        z.refine((v) => v.newPassword === v.confirmPassword, {
          message: MSG.passwordsDiffer,
          path: ['confirmPassword'],
        }),
      ),
  ),
  response: ZOk,
  summary: 'Changes the password and ends every other session of the user (the current one stays).',
});

/** Our own call: the link in the verification mail. */
export const verifyEmail = endpoint({
  id: 'users.verifyEmail',
  api: 'site',
  method: 'POST',
  path: 'wl/user/verifyEmail',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ token: zToken() })),
  response: ZOk,
  summary: 'Marks the email address verified from the emailed link.',
});

export const googleLogin = endpoint({
  id: 'users.googleLogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/googleLogin',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ credential: zJwt() })),
  response: ZUser,
  summary: 'Google ID token verified server-side against the configured keys; signs in or registers a retail user.',
});

export const facebookLogin = endpoint({
  id: 'users.facebookLogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/facebookLogin',
  domain: 'users',
  auth: 'public',
  request: lazy(() => z.object({ credential: zJwt() })),
  response: ZUser,
  summary: 'Facebook (Limited Login) OIDC token verified server-side; signs in or registers a retail user.',
});

export const changeMyPhoneDetails = endpoint({
  id: 'users.changeMyPhoneDetails',
  api: 'site',
  method: 'POST',
  path: 'user/changeMyPhoneDetails',
  domain: 'users',
  auth: 'user',
  request: lazy(() =>
    z.object({
      phoneNumbers: z.array(ZValidPhoneEntry).check(z.minLength(1, MSG.phoneRequired)).check(z.maxLength(10)),
    }),
  ),
  response: ZUser,
  summary: 'Replaces the signed-in user phone numbers (phone-verification modal).',
});

export const userEndpoints = [
  signup,
  login,
  logout,
  getUserBySessionId,
  loginBySessionId,
  forgetPassword,
  generatePassword,
  changePassword,
  verifyEmail,
  googleLogin,
  facebookLogin,
  changeMyPhoneDetails,
];
