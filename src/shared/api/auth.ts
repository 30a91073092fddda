// Accounts contract (spec §5, §7): forms shared by the client's validation and the server's.
import { z } from 'zod';
import { mixedScriptMessage, mixesLookAlikeScripts } from '../mixed-script.ts';

/** A required text field with the spec's messages. */
function text(label: string, required: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : `${label} is not valid.`) })
    .trim()
    .min(1, required)
    .max(max, `${label} may not be longer than ${max} characters.`);
}

/** Email: required, valid, at most 254 characters. */
export function emailField(required = 'Email is required') {
  return text('Email', required, 254).pipe(z.email('Email is not valid.'));
}

/** Password: required, at least 6 characters (spec §9), at most 200. */
export function passwordField(required = 'Password is required') {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : 'Password is not valid.') })
    .min(1, required)
    .min(6, 'Password must be at least 6 characters.')
    .max(200, 'Password may not be longer than 200 characters.');
}

const confirmationMessage = 'The password confirmation does not match.';

/** The `password_confirmation` field of a form that sets a password. */
export function confirmationField() {
  return z.string({ error: confirmationMessage }).max(200, confirmationMessage);
}

/** The check that a form's confirmation repeats its password (use with `.refine`). */
export const confirmationMatches = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;

/** The error of a failed confirmation check, on the confirmation field. */
export const confirmationMismatch = { message: confirmationMessage, path: ['password_confirmation'] };

const captcha = z
  .string({ error: 'The captcha token is not valid.' })
  .max(4096, 'The captcha token is not valid.')
  .optional()
  .default('');

/** Sign Up form (client) — the server's register body adds captcha and attribution. */
export const registerFormSchema = z.object({
  name: text('Nickname', 'Nickname is required', 64).refine(
    (name) => !mixesLookAlikeScripts(name),
    mixedScriptMessage('Nickname'),
  ),
  email: emailField(),
  password: passwordField(),
  promotions: z.boolean().optional(),
  terms: z.boolean().optional(),
});

/** POST /api/auth/register body. */
export const registerBodySchema = registerFormSchema.extend({
  'g-recaptcha-response': captcha,
  ref: z.string().max(32, 'The referral code is not valid.').optional(), // referral code from /ref/{code}
});

/** Login form. */
export const loginFormSchema = z.object({ email: emailField(), password: passwordField() });

/** Forgot password form. */
export const forgotFormSchema = z.object({ email: emailField() });

/** POST /api/auth/forgot-password body. */
export const forgotBodySchema = forgotFormSchema.extend({ 'g-recaptcha-response': captcha });

/** POST /api/auth/reset-password body (the reset page's form object). */
export const resetBodySchema = z
  .object({
    email: emailField(),
    token: z
      .string({ error: 'This password reset token is invalid.' })
      .min(1, 'This password reset token is invalid.')
      .max(200, 'This password reset token is invalid.'),
    password: passwordField(),
    password_confirmation: confirmationField(),
  })
  .refine(confirmationMatches, confirmationMismatch);

/** `{msg}` answers. */
export const msgSchema = z.object({ msg: z.string() });

const opt = z.string().max(4096).optional();

/** POST /oauth/token body (all grants; per-grant fields are checked by the handler). */
export const tokenBodySchema = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'social'], { error: 'The grant type is not supported.' }),
  client_id: z
    .union([z.string().max(64), z.number()], { error: 'Client authentication failed.' })
    .transform(String)
    .optional(),
  client_secret: z
    .string({ error: 'Client authentication failed.' })
    .max(256, 'Client authentication failed.')
    .optional(),
  scope: opt,
  username: opt,
  password: z.string().max(200, 'The user credentials were incorrect.').optional(),
  refresh_token: opt,
  provider: opt,
  access_token: opt,
});

/** The token pair (spec §3). */
export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});

/** A token pair as the client receives it. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Social providers of spec §2. */
export const socialProviders = ['google', 'facebook', 'steam'] as const;

/** A social provider name. */
export type SocialProviderName = (typeof socialProviders)[number];

/** GET /social/handle answer. */
export const socialHandleSchema = z.object({ provider: z.enum(socialProviders), provider_access_token: z.string() });

/** GET /api/tl/{utm_source} answer: the value for the trackingLink cookie. */
export const trackingLinkSchema = z.object({ link: z.string() });
