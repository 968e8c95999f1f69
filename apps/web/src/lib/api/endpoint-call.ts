import type {
  ApiPath,
  EndpointAt,
  EndpointParams,
  EndpointQuery,
  EndpointRequest,
  ResponseAt,
} from '@bhasha/contract';
import type { RequestOptions } from './api-client';

export type { ResponseAt };

/*
 * Types of a call taken from the contract's endpoint map, imported as types only: the dashboard
 * bundle carries no zod schema for them.
 */

type IsEmpty<T> = [T] extends [undefined] ? true : false;

/**
 * GET calls send no body; uploads send FormData; other POST calls send the body their endpoint
 * accepts (`{}` when none).
 */
type BodyOption<P extends ApiPath> = EndpointAt<P>['method'] extends 'GET'
  ? { body?: never }
  : EndpointAt<P> extends { consumes: readonly string[] }
    ? { body: FormData }
    : IsEmpty<EndpointRequest<EndpointAt<P>>> extends true
      ? { body: Record<string, never> }
      : { body: EndpointRequest<EndpointAt<P>> };

type ParamsOption<P extends ApiPath> =
  IsEmpty<EndpointParams<EndpointAt<P>>> extends true
    ? { params?: never }
    : { params: EndpointParams<EndpointAt<P>> };

type QueryOption<P extends ApiPath> =
  IsEmpty<EndpointQuery<EndpointAt<P>>> extends true
    ? { query?: never }
    : { query: EndpointQuery<EndpointAt<P>> };

type TypedOptions<P extends ApiPath> = Omit<RequestOptions, 'method' | 'body' | 'params' | 'query'> &
  BodyOption<P> &
  ParamsOption<P> &
  QueryOption<P>;

/** True when every field of the options may be left out. */
type AllOptional<T> = object extends T ? true : false;

/** The options argument of a typed call; optional when the call needs neither body nor parameters. */
export type EndpointCallOptions<P extends ApiPath> =
  AllOptional<TypedOptions<P>> extends true ? [options?: TypedOptions<P>] : [options: TypedOptions<P>];
