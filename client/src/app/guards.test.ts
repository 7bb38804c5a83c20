import { createAbility, roleRuleTemplates } from '@voltscope/shared/abilities';
import { describe, expect, it } from 'vitest';
import { findRoute, type RouteMeta } from '../routes.tsx';
import { type SessionState, signedOut } from '../session/sessionStore.ts';
import { homePathFor, loginPathFor, redirectFor, safeReturnPath } from './guards.ts';

const route = (name: string): RouteMeta => {
  const found = findRoute(name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};

function sessionAs(role: string): SessionState {
  const template = role === 'admin' || role === 'operator' || role === 'client' ? roleRuleTemplates[role] : [];
  return {
    userData: { id: 1, fullName: 'Test', username: role, email: `${role}@x.io`, role, avatar: null, siteIds: ['a'] },
    accessToken: 'token',
    userAbilityRules: template,
    expiresAt: Date.now() + 60_000,
    remembered: false,
    pendingStep: null,
  };
}

const check = (name: string, session: SessionState, pathname = route(name).path, search = '') =>
  redirectFor(route(name), { pathname, search }, session, createAbility(session.userAbilityRules));

describe('pending steps', () => {
  const pending = (step: SessionState['pendingStep']): SessionState => ({
    ...sessionAs('operator'),
    pendingStep: step,
  });

  it('sends a user with a one-time password to change it, from any signed-in page, without a loop', () => {
    expect(check('dashboards-solar', pending('passwordChange'))).toBe('/change-password');
    expect(check('admin-users', pending('passwordChange'))).toBe('/change-password');
    expect(check('change-password', pending('passwordChange'))).toBeNull();
    // Signed-out pages and public ones are left alone; the login page still sends a signed-in user home.
    expect(check('not-authorized', pending('passwordChange'))).toBeNull();
    expect(check('login', pending('passwordChange'))).toBe('/');
  });

  it('sends a user who must set up a second factor to its page, and the password page home once done', () => {
    expect(check('dashboards-solar', pending('mfaSetup'))).toBe('/two-factor-setup');
    expect(check('change-password', pending('mfaSetup'))).toBe('/two-factor-setup');
    expect(check('change-password', pending(null))).toBe('/');
    expect(check('change-password', signedOut)).toBe('/login?to=%2Fchange-password');
    expect(check('dashboards-solar', pending(null))).toBeNull();
  });
});

describe('route guards', () => {
  it('sends a signed-out visitor to login with the original query and the intended path', () => {
    expect(check('dashboards-solar', signedOut)).toBe('/login?to=%2Fdashboards%2Fsolar');
    expect(check('dashboards-solar', signedOut, '/dashboards/solar', '?site=fr')).toBe(
      '/login?site=fr&to=%2Fdashboards%2Fsolar',
    );
  });

  it('leaves `to` out when the target is the home page', () => {
    expect(loginPathFor({ pathname: '/', search: '?a=1' })).toBe('/login?a=1');
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });

  it('sends a signed-in user the ability denies to not-authorized', () => {
    const client = sessionAs('client');
    const clientAbility = createAbility([{ action: 'read', subject: 'AclDemo' }]);
    expect(
      redirectFor(route('dashboards-solar'), { pathname: '/dashboards/solar', search: '' }, client, clientAbility),
    ).toBe('/not-authorized');
  });

  it('lets each role through to the pages its rules allow', () => {
    expect(check('dashboards-solar', sessionAs('admin'))).toBeNull();
    expect(check('access-control', sessionAs('client'))).toBeNull();
    expect(check('dashboards-solar', sessionAs('client'))).toBeNull();
    expect(check('access-control', sessionAs('operator'))).toBeNull();
  });

  it('sends a signed-in user away from the login page, to /', () => {
    expect(check('login', sessionAs('admin'))).toBe('/');
    expect(check('login', signedOut)).toBeNull();
  });

  it('checks nothing on public routes', () => {
    expect(check('not-authorized', signedOut)).toBeNull();
    expect(check('$error', signedOut, '/nowhere')).toBeNull();
  });

  it('treats an expired session as signed out', () => {
    const expired = { ...sessionAs('admin'), expiresAt: Date.now() - 1 };
    expect(check('dashboards-solar', expired)).toBe('/login?to=%2Fdashboards%2Fsolar');
  });
});

describe('index redirect', () => {
  it('lands each role on its home page', () => {
    expect(homePathFor(sessionAs('admin'), '')).toBe('/dashboards/solar');
    expect(homePathFor(sessionAs('operator'), '')).toBe('/alarm/realtime');
    expect(homePathFor(sessionAs('client'), '')).toBe('/access-control');
  });

  it('sends anyone else to login, keeping the query', () => {
    expect(homePathFor(signedOut, '?lang=fa')).toBe('/login?lang=fa');
    expect(homePathFor(sessionAs('auditor'), '')).toBe('/login');
  });
});

describe('return path after login', () => {
  it('accepts paths on this site only', () => {
    expect(safeReturnPath('/dashboards/solar')).toBe('/dashboards/solar');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
  });
});
