type SessionExpiredHandler = () => void;

function goHome(): void {
  if (window.location.pathname !== '/') window.location.assign('/');
}

let handler: SessionExpiredHandler = goHome;

/** Lets the auth provider take over what happens after a session expired (router navigation). */
export function setSessionExpiredHandler(next: SessionExpiredHandler | null): void {
  handler = next ?? goHome;
}

/** Runs the current handler: by default a full navigation to `/`. */
export function notifySessionExpired(): void {
  handler();
}
