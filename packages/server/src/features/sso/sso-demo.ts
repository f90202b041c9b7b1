import type { SignInBranding } from '@footfall/domain';
import type { SignInValues } from './sso.repository.js';

/**
 * The demo's three customer sign-ins (spec section 2: /login/desjardins, /login/lq, /login/teppermans).
 * Their identity providers do not exist (`.example` addresses): the pages show the customers'
 * branding, and starting a sign-in says the provider cannot be reached, as a real outage would.
 * A superAdmin points them at a real provider in /settings/sso.
 */
const logo = (text: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="56" viewBox="0 0 220 56"><rect width="56" height="56" rx="12" fill="${color}"/><text x="28" y="37" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${text[0]}</text><text x="68" y="36" font-family="Arial,Helvetica,sans-serif" font-size="22" font-weight="700" fill="${color}">${text}</text></svg>`,
  ).toString('base64')}`;

const branding = (
  name: string,
  color: string,
  background: string,
  title: SignInBranding['title'],
  welcome: SignInBranding['welcome'],
): SignInBranding => ({
  logoUrl: logo(name, color),
  primaryColor: color,
  backgroundColor: background,
  title,
  welcome,
  buttonLabel: {
    en: `Sign in with my ${name} account`,
    fr: `Me connecter avec mon compte ${name}`,
    es: `Iniciar sesión con mi cuenta de ${name}`,
  },
});

export function demoSignIns(groups: {
  retail: string;
  venues: string;
}): Omit<SignInValues, 'client_secret_enc'>[] {
  const autoCreate = (scopeNodeId: string) => ({
    enabled: true,
    userGroupId: null,
    scopeNodeId,
    roles: ['User'],
  });
  return [
    {
      slug: 'desjardins',
      endpoint: 'desjardins',
      name: 'Desjardins',
      enabled: true,
      branding: branding(
        'Desjardins',
        '#00703c',
        '#eef6f1',
        {
          en: 'Desjardins branch traffic',
          fr: 'Achalandage des caisses Desjardins',
          es: 'Afluencia de las sucursales Desjardins',
        },
        {
          en: 'Use your Desjardins employee account.',
          fr: 'Utilisez votre compte d’employé Desjardins.',
          es: 'Use su cuenta de empleado de Desjardins.',
        },
      ),
      issuer_url: 'https://login.desjardins.example/',
      client_id: 'footfall-desjardins',
      scopes: 'openid email profile',
      user_match: 'email',
      auto_create: autoCreate(groups.retail),
    },
    {
      slug: 'lq',
      endpoint: 'loto-quebec',
      name: 'Loto-Québec',
      enabled: true,
      branding: branding(
        'Loto-Québec',
        '#1d4f91',
        '#eef2f8',
        { en: 'Loto-Québec venues', fr: 'Salles de Loto-Québec', es: 'Salas de Loto-Québec' },
        {
          en: 'Sign in with your Loto-Québec network account.',
          fr: 'Connectez-vous avec votre compte du réseau Loto-Québec.',
          es: 'Inicie sesión con su cuenta de la red de Loto-Québec.',
        },
      ),
      issuer_url: 'https://sso.loto-quebec.example/realms/staff',
      client_id: 'footfall-lq',
      scopes: 'openid email profile',
      user_match: 'email',
      auto_create: autoCreate(groups.venues),
    },
    {
      slug: 'teppermans',
      endpoint: 'teppermans',
      name: "Tepperman's",
      enabled: true,
      branding: branding(
        "Tepperman's",
        '#a3151b',
        '#f9efef',
        { en: "Tepperman's stores", fr: "Magasins Tepperman's", es: "Tiendas Tepperman's" },
        {
          en: "Store managers sign in with their Tepperman's Microsoft account.",
          fr: "Les gérants se connectent avec leur compte Microsoft de Tepperman's.",
          es: "Los gerentes inician sesión con su cuenta Microsoft de Tepperman's.",
        },
      ),
      issuer_url: 'https://login.teppermans.example/v2.0',
      client_id: 'footfall-teppermans',
      scopes: 'openid email profile',
      user_match: 'email',
      auto_create: autoCreate(groups.retail),
    },
  ];
}
