import type { z } from 'zod';
import type { Endpoint, EndpointMethod } from './endpoint';
import type { endpoints } from './index';

type EndpointGroups = typeof endpoints;

/** Every endpoint of the map, as a union. */
export type AnyEndpoint = {
  [G in keyof EndpointGroups]: EndpointGroups[G][keyof EndpointGroups[G]];
}[keyof EndpointGroups];

type WithoutLeadingSlash<P extends string> = P extends `/${infer Rest}` ? Rest : P;

/** Every path of the map as the dashboard writes it: relative to the API base. */
export type KnownPath = WithoutLeadingSlash<AnyEndpoint['path']>;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** Whether the map declares more than one method at each path. */
type SharedPaths = {
  [Path in AnyEndpoint['path']]: IsUnion<Extract<AnyEndpoint, { path: Path }>['method']>;
};

/**
 * How the dashboard names a call: its path relative to the API base (`project/details`), or, where
 * one path has a GET and a POST call, the method and the path (`GET organisation/api-keys`).
 */
type CallKey<E extends AnyEndpoint> = E extends AnyEndpoint
  ? SharedPaths[E['path']] extends true
    ? `${E['method']} ${WithoutLeadingSlash<E['path']>}`
    : WithoutLeadingSlash<E['path']>
  : never;

/** The key of every call of the map. */
export type ApiPath = CallKey<AnyEndpoint>;

/** The endpoint a call key names. */
export type EndpointAt<P extends ApiPath> = P extends `${infer M extends EndpointMethod} ${infer Path}`
  ? Extract<AnyEndpoint, { method: M; path: `/${Path}` }>
  : Extract<AnyEndpoint, { path: `/${P}` }>;

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
