import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { safeTextInput } from '@bhasha/contract';

/**
 * The validator of every route: the input's strings are checked for NUL and unpaired surrogates
 * (the contract's safeTextInput) before the route's own schema, so no route has to remember it.
 */
export const safeTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: safeTextInput.pipe(route.schema) });
