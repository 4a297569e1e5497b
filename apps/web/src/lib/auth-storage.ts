import type { CurrentUser, Tokens } from '@tutoria/shared';

/** Auth data kept in local storage (SPEC §9): user info, token, refresh token, expiration. */
const keys = {
  user: 'tutoria.auth.user',
  token: 'tutoria.auth.token',
  refreshToken: 'tutoria.auth.refreshToken',
  expiration: 'tutoria.auth.expiration',
} as const;

export function storeTokens(tokens: Tokens): void {
  localStorage.setItem(keys.token, tokens.access_token);
  localStorage.setItem(keys.refreshToken, tokens.refresh_token);
  localStorage.setItem(keys.expiration, String(Date.now() + tokens.expires_in * 1000));
}

export function storeUser(user: CurrentUser): void {
  localStorage.setItem(keys.user, JSON.stringify(user));
}

export function getAccessToken(): string | null {
  return localStorage.getItem(keys.token);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(keys.refreshToken);
}

/** When the access token stops working, in epoch milliseconds. */
export function getExpiration(): number | null {
  const value = Number(localStorage.getItem(keys.expiration));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function getStoredUser(): CurrentUser | null {
  const raw = localStorage.getItem(keys.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CurrentUser;
  } catch {
    return null;
  }
}

export function isSignedIn(): boolean {
  return getAccessToken() !== null;
}

/** The stored user while a token is kept too: who the sign-in page treats as already signed in. */
export function getSignedInUser(): CurrentUser | null {
  return isSignedIn() ? getStoredUser() : null;
}

export function clearAuth(): void {
  for (const key of Object.values(keys)) localStorage.removeItem(key);
}
