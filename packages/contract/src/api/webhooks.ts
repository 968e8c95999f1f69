import { z } from 'zod';

/*
 * Outgoing webhooks (ADR 0043): endpoints an organisation registers, the events they receive and
 * the deliveries made to them. Deliveries are POSTs of a JSON body signed with the endpoint's
 * secret: header `Bhasha-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */

/** Events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = {
  crawlCompleted: 'crawl.completed',
  machineTranslationCompleted: 'machine_translation.completed',
  translationsPublished: 'translations.published',
  humanTranslationStatusChanged: 'human_translation.status_changed',
  fileReady: 'file.ready',
  /** Sent only by "send test event". */
  test: 'webhook.test',
} as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS];
/** The events an endpoint can choose (the test event goes to any endpoint on request). */
export const WEBHOOK_SUBSCRIBABLE_EVENTS = [
  WEBHOOK_EVENTS.crawlCompleted,
  WEBHOOK_EVENTS.machineTranslationCompleted,
  WEBHOOK_EVENTS.translationsPublished,
  WEBHOOK_EVENTS.humanTranslationStatusChanged,
  WEBHOOK_EVENTS.fileReady,
] as const;

export const WEBHOOK_DELIVERY_STATUS_VALUES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUS_VALUES)[number];

/** Header carrying a delivery's signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'bhasha-signature';
/** Headers naming the event and the delivery (a receiver deduplicates on the delivery id). */
export const WEBHOOK_EVENT_HEADER = 'bhasha-event';
export const WEBHOOK_DELIVERY_HEADER = 'bhasha-delivery';
/** Prefix of an endpoint's signing secret (recognisable by secret scanners). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Endpoints one organisation may register. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** Characters of an endpoint's answer kept with a delivery. */
export const WEBHOOK_RESPONSE_EXCERPT = 2000;
/** Attempts of one delivery before it is given up (the first and its retries). */
export const WEBHOOK_MAX_ATTEMPTS = 6;

export const WEBHOOK_MESSAGES = {
  created: 'Webhook endpoint created. Copy its signing secret now: it is shown only once.',
  updated: 'Webhook endpoint saved',
  deleted: 'Webhook endpoint deleted',
  testQueued: 'Test event queued',
  notFound: 'This webhook endpoint',
  httpsRequired: 'The endpoint URL must start with https://',
  privateAddress: 'Webhooks cannot be sent to private or loopback addresses',
  tooMany: `An organisation can register at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  organisationRequired: 'Choose the organisation whose webhooks to manage',
} as const;

const organisationIdField = z.uuid().optional();
const urlField = z.url({ error: 'Enter the endpoint URL' }).max(2048);
const eventsField = z
  .array(z.enum(WEBHOOK_SUBSCRIBABLE_EVENTS))
  .min(1, { error: 'Choose at least one event' })
  .max(WEBHOOK_SUBSCRIBABLE_EVENTS.length);

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  isActive: z.boolean(),
  /** The secret's first characters, to tell endpoints apart (the whole secret is shown once). */
  secretHint: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUS_VALUES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** webhook/list {organisationId?}: the organisation's endpoints (super admins name one). */
export const webhookListRequestSchema = z.object({ organisationId: organisationIdField });
export const webhookListResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  events: z.array(z.string()),
});

/** webhook/create {url, events, description?}: answers the endpoint and its secret, once. */
export const webhookCreateRequestSchema = z.object({
  organisationId: organisationIdField,
  url: urlField,
  description: z.string().trim().max(200).optional(),
  events: eventsField,
});
export type WebhookCreateRequest = z.input<typeof webhookCreateRequestSchema>;
export const webhookCreateResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});

/** webhook/update {endpointId, url?, events?, description?, isActive?}. */
export const webhookUpdateRequestSchema = z.object({
  endpointId: z.uuid(),
  url: urlField.optional(),
  description: z.string().trim().max(200).nullable().optional(),
  events: eventsField.optional(),
  isActive: z.boolean().optional(),
});
export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema });

/** webhook/delete {endpointId} and webhook/test {endpointId}. */
export const webhookEndpointRequestSchema = z.object({ endpointId: z.uuid() });

/** webhook/deliveries {endpointId, pageNumber, pageSize}: newest first. */
export const webhookDeliveriesRequestSchema = z.object({
  endpointId: z.uuid(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
export const webhookTestResponseSchema = z.object({ delivery: webhookDeliverySchema });
