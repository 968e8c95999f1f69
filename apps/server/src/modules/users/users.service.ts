import { ROLES } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import type { UserRow, UsersRepository } from './users.repository';

/** Rules about users that more than one feature needs. */
export function createUsersService(repository: UsersRepository) {
  return {
    async getSessionUser(id: string): Promise<UserRow> {
      const user = await repository.findById(id);
      if (!user) throw AppError.tokenExpired();
      return user;
    },

    /**
     * Creates the first super admin on first start. Answers whether it was created now, so the
     * caller can print a generated password exactly once.
     */
    async ensureFirstSuperAdmin(email: string, password: string): Promise<boolean> {
      if ((await repository.countByRole(ROLES.superAdmin)) > 0) return false;
      await repository.insert({
        name: 'Super Admin',
        email,
        passwordHash: await hashPassword(password),
        role: ROLES.superAdmin,
        emailVerified: true,
        contractAgreed: true,
      });
      return true;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
