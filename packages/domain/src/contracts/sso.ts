import { z } from 'zod';
import { ROLES } from '../roles.js';

/**
 * Customer sign-ins (issue 18, spec sections 1, 2 and 7): a customer-specific sign-in page
 * (`/login/<slug>`) is configuration, not code. Each one has its branding (logo, colours, texts in
 * en/fr/es) and an OpenID Connect identity provider; `POST /authentication/<endpoint>` exchanges the
 * provider's answer for our tokens. superAdmin manages them under `/api/CustomerSignIn`.
 */

/** Path names the sign-in endpoint cannot take: they are other calls under `/authentication/`. */
export const RESERVED_SIGN_IN_ENDPOINTS = [
  'refreshToken',
  'forgot-password',
  'recover-password',
  'password-change',
  'impersonate',
] as const;

const slug = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes')
  .refine((s) => !(RESERVED_SIGN_IN_ENDPOINTS as readonly string[]).includes(s), {
    message: 'This name is reserved',
  });

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as "#RRGGBB"');

/** One text in the three interface languages. */
const LocalizedText = z
  .object({
    en: z.string().trim().max(300),
    fr: z.string().trim().max(300),
    es: z.string().trim().max(300),
  })
  .strict();
export type LocalizedText = z.infer<typeof LocalizedText>;

export const SignInBranding = z
  .object({
    /** a logo as an https/http URL or a data: image URL (at most 200 kB) */
    logoUrl: z
      .string()
      .max(200_000)
      .refine((s) => s === '' || /^(https?:\/\/|data:image\/(png|svg\+xml|jpeg|webp);base64,)/.test(s), {
        message: 'an http(s) URL or a data:image URL',
      })
      .default(''),
    primaryColor: color.default('#1b5e8c'),
    backgroundColor: color.default('#f4f6f8'),
    title: LocalizedText,
    welcome: LocalizedText,
    buttonLabel: LocalizedText,
  })
  .strict();
export type SignInBranding = z.infer<typeof SignInBranding>;

export const SSO_USER_MATCH = ['email', 'subject'] as const;
export type SsoUserMatch = (typeof SSO_USER_MATCH)[number];

const ProviderBase = z
  .object({
    /** the issuer identifier; its `/.well-known/openid-configuration` is read on each sign-in */
    issuerUrl: z.url({ protocol: /^https?$/ }).max(500),
    clientId: z.string().trim().min(1).max(200),
    scopes: z
      .string()
      .trim()
      .max(300)
      .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'scopes separated by single spaces')
      .refine((s) => s.split(' ').includes('openid'), { message: 'the scopes must include openid' })
      .default('openid email profile'),
  })
  .strict();

/** Creating users on their first sign-in: into this group and scope, with these roles. */
export const SsoAutoCreate = z
  .object({
    enabled: z.boolean(),
    userGroupId: z.uuid().nullable().default(null),
    scopeNodeId: z.uuid().nullable().default(null),
    roles: z
      .array(z.enum(ROLES.filter((r) => r !== 'superAdmin') as [string, ...string[]]))
      .min(1)
      .max(5)
      .default(['User']),
  })
  .strict();
export type SsoAutoCreate = z.infer<typeof SsoAutoCreate>;

export const CustomerSignInBody = z
  .object({
    slug,
    /** the name after `/authentication/` (spec: `loto-quebec` for `/login/lq`); the slug when absent */
    endpoint: slug.optional(),
    name: z.string().trim().min(1).max(100),
    enabled: z.boolean().default(true),
    branding: SignInBranding,
    provider: ProviderBase.extend({
      /** kept encrypted at rest; never sent back. On update, absent = unchanged */
      clientSecret: z.string().min(1).max(500).optional(),
    }).strict(),
    userMatch: z.enum(SSO_USER_MATCH).default('email'),
    autoCreate: SsoAutoCreate.default({
      enabled: false,
      userGroupId: null,
      scopeNodeId: null,
      roles: ['User'],
    }),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.autoCreate.enabled && !b.autoCreate.scopeNodeId)
      ctx.addIssue({
        code: 'custom',
        path: ['autoCreate', 'scopeNodeId'],
        message: 'Users created on first sign-in need a scope',
      });
  });
export type CustomerSignInBody = z.infer<typeof CustomerSignInBody>;

/** What superAdmin reads: everything but the client secret (only whether one is set). */
export const CustomerSignInDto = z.object({
  id: z.uuid(),
  slug: z.string(),
  endpoint: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  branding: SignInBranding,
  provider: ProviderBase.extend({ hasClientSecret: z.boolean() }),
  /** where the provider must send users back (register it at the provider) */
  redirectUri: z.string(),
  userMatch: z.enum(SSO_USER_MATCH),
  autoCreate: SsoAutoCreate,
  updatedOn: z.string(),
});
export type CustomerSignInDto = z.infer<typeof CustomerSignInDto>;
export const CustomerSignInList = z.array(CustomerSignInDto);

/** The public face of a sign-in, for its page before anyone is signed in. */
export const PublicSignIn = z.object({
  slug: z.string(),
  endpoint: z.string(),
  name: z.string(),
  branding: SignInBranding,
});
export type PublicSignIn = z.infer<typeof PublicSignIn>;

export const SlugParams = z.object({ slug: z.string().max(40) });

export const StartSignInBody = z
  .object({
    /** the interface language, passed to the provider as ui_locales */
    language: z.enum(['en', 'fr', 'es']).default('en'),
    /** where to go once signed in (a path of ours) */
    redirectTo: z
      .string()
      .max(2000)
      .regex(/^\/(?!\/)/, 'a path of this site')
      .optional(),
  })
  .strict();
export type StartSignInBody = z.infer<typeof StartSignInBody>;

export const StartSignInResponse = z.object({ authorizationUrl: z.string() });

/** What the provider sent back to the single-sign-on page, posted as it came. */
export const SsoCallbackBody = z
  .object({
    state: z.string().min(1).max(500),
    code: z.string().min(1).max(2000).optional(),
    iss: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .strict();
export type SsoCallbackBody = z.infer<typeof SsoCallbackBody>;

export const SsoTokenResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
  redirectTo: z.string().nullable(),
});

/**
 * Codes of the sign-in failures the pages translate (`error` of the answer): the provider cannot be
 * reached (502), the state is unknown, used or expired (400 on `state`), the provider's answer is
 * refused (401: bad issuer, audience, nonce, signature, or a refused code), no user may sign in (403).
 */
export const SSO_ERRORS = [
  'sso_provider_unreachable',
  'sso_state_invalid',
  'sso_response_refused',
  'sso_provider_error',
  'sso_user_not_allowed',
  'sso_disabled',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
