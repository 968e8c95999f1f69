import { TERM_MESSAGES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { ProjectAccess } from '../projects/project-access';
import { readGlossaryCsv, writeGlossaryCsv } from './glossary-csv';
import type { GlossaryRepository } from './glossary.repository';

/** Mask terms of a project (spec: transliterationGlossary create, get, delete, csv/get). */
export function createGlossaryService(deps: { access: ProjectAccess; glossary: GlossaryRepository }) {
  const { access, glossary } = deps;
  return {
    /** Stores the terms of an uploaded CSV; a bad file changes nothing. */
    async upload(principal: Principal, projectId: string, csvText: string): Promise<{ saved: number }> {
      const project = await access.requireManageable(principal, projectId);
      const read = readGlossaryCsv(csvText);
      if ('problems' in read) throw AppError.validation([TERM_MESSAGES.badFormat, ...read.problems]);
      return { saved: await glossary.upsertMany(project, read.terms) };
    },

    async list(
      principal: Principal,
      filter: {
        projectId: string;
        targetLang?: string;
        searchText?: string;
        pageNumber: number;
        pageSize: number;
      },
    ) {
      const project = await access.requireVisible(principal, filter.projectId);
      return glossary.list(project, filter);
    },

    async delete(principal: Principal, projectId: string, ids?: string[]): Promise<{ deleted: number }> {
      const project = await access.requireManageable(principal, projectId);
      return { deleted: await glossary.delete(project, ids) };
    },

    /** The maskTermsList CSV. */
    async csv(principal: Principal, projectId: string): Promise<string> {
      const project = await access.requireVisible(principal, projectId);
      return writeGlossaryCsv(await glossary.listAll(project));
    },
  };
}

export type GlossaryService = ReturnType<typeof createGlossaryService>;
