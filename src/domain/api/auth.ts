// Session and authentication (docs/api.md "Authentication"): signing in through Salesforce or with
// the admin access key, the signed-in user, and signing out.
import { z } from 'zod';

/** Query of GET /oauth2/loginurl: where to come back to after signing in. */
export const loginUrlQuerySchema = z.object({ returnTo: z.string().optional() });

/** Query of GET /oauth2/callback, as Salesforce sends it back (a grant or an error). */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Body of POST /oauth2/adminaccess: the admin access key, never in a URL. */
export const adminAccessBodySchema = z.object({
  key: z.string().min(1, 'is required').max(512),
  returnTo: z.string().max(2048).optional(),
});

/** GET /oauth2/user: who is signed in and what they may do. */
export const sessionUserSchema = z.object({
  display_name: z.string(),
  username: z.string(),
  read_only: z.boolean(),
  enforce_activation_policy: z.boolean(),
  enable_sumo: z.boolean(),
  /** 'admin-key': the shared admin access key, which may not activate (no named person). */
  auth_method: z.enum(['salesforce', 'admin-key']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /oauth2/settings: what the login page offers, before anyone signs in. */
export const signInSettingsSchema = z.object({
  has_admin_access_key: z.boolean(),
  app_name: z.string().nullable(),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const logoutResultSchema = z.object({ result: z.literal('ok') });

/** Signing out everywhere also says how many sessions ended. */
export const logoutEverywhereResultSchema = z.object({
  result: z.literal('ok'),
  sessions: z.number().int(),
});
