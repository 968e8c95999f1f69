/**
 * The API base of spec §7: `/api` under the page origin. In development Vite proxies `/api`
 * to the local server, so the same base works; `VITE_API_BASE_URL` overrides it.
 */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api';
