import { timingSafeEqual } from 'node:crypto';
import { ERROR_MESSAGES, ROLES } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import type { UserRow, UsersRepository } from './users.repository';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Rules about users that more than one feature needs. */
export function createUsersService(repository: UsersRepository, clock: Clock) {
  return {
    async getSessionUser(id: string): Promise<UserRow> {
      const user = await repository.findById(id);
      if (!user) throw AppError.tokenExpired();
      return user;
    },

    /**
     * Contract acceptance (spec §7, §8): the caller agrees with its own apikey. A missing or
     * foreign apikey answers 'Something went wrong' and changes nothing.
     */
    async agreeToContract(userId: string, apikey: string): Promise<UserRow> {
      const user = await repository.findById(userId);
      if (!user) throw AppError.tokenExpired();
      if (!user.apikey || !sameSecret(user.apikey, apikey)) throw AppError.forbidden(ERROR_MESSAGES.somethingWentWrong);
      if (user.contractAgreed) return user;
      const updated = await repository.markContractAgreed(user.id, clock.now());
      if (!updated) throw AppError.tokenExpired();
      return updated;
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
