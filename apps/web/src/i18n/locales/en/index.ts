import { auth } from './auth';
import { common } from './common';
import { policy } from './policy';
import { shell } from './shell';

/** English resources, one object per namespace. */
export const EN_RESOURCES = { common, auth, shell, policy } as const;
