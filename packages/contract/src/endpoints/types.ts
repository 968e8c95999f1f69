import type { z } from 'zod';
import type { Endpoint } from './endpoint';
import type { endpoints } from './index';

type EndpointGroups = typeof endpoints;

/** Every endpoint of the map, as a union. */
export type AnyEndpoint = {
  [G in keyof EndpointGroups]: EndpointGroups[G][keyof EndpointGroups[G]];
}[keyof EndpointGroups];

type WithoutLeadingSlash<P extends string> = P extends `/${infer Rest}` ? Rest : P;

/** A call's path as the dashboard writes it: relative to the API base, e.g. `project/details`. */
export type ApiPath = WithoutLeadingSlash<AnyEndpoint['path']>;

/** The endpoint at a path. */
export type EndpointAt<P extends ApiPath> = Extract<AnyEndpoint, { path: `/${P}` }>;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** `data` of a call's success envelope. */
export type EndpointResponse<E extends Endpoint> = OutputOf<E['response']>;
/** The JSON body a call accepts. */
export type EndpointRequest<E extends Endpoint> = InputOf<E['request']>;
/** The query string a call accepts. */
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
/** The path parameters of a call. */
export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;

/** `data` of the success envelope of the call at a path. */
export type ResponseAt<P extends ApiPath> = EndpointResponse<EndpointAt<P>>;
/** The JSON body of the call at a path. */
export type RequestAt<P extends ApiPath> = EndpointRequest<EndpointAt<P>>;
